def match_literals(cmd):
    match cmd:
        case 'go':
            r = 1
        case 'stop' | 'halt':
            r = 2
        case 0:
            r = 'zero'
        case None:
            r = 'none'
        case _:
            r = -1
    return r
