// `import Beckon` is the whole library, as it was before the modules split
// (docs/architecture.md, "Modules"): the dialogs, the terms window, consent
// and the login gate under one name, so a program that asks with `Dialog`
// and `Terms` needs one import. A program that must not load GTK, such as a
// system service, imports BeckonConsent or BeckonLoginGate alone.
@_exported import BeckonConsent
@_exported import BeckonCore
@_exported import BeckonIO
@_exported import BeckonJSON
@_exported import BeckonLiveDialog
@_exported import BeckonLiveWindow
@_exported import BeckonLoginGate
@_exported import BeckonTerms
