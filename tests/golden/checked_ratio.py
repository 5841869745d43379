def checked_ratio(num, den):

    def if_body():
        raise ZeroDivisionError(ag__.percent('cannot divide %g by %d (%s)', (num, den, 'zero')))
    ag__.if_stmt(den == 0, if_body)()
    return ag__.text(ag__.percent('%.3f / %d = %.2e', (num, den, num / den)))
