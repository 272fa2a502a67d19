import Beckon
