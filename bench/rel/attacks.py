ATTACKS_TITLE = "The terms path under attack"
def section_attacks(report):
    pass
