def classify(x):

    def if_body():
        nonlocal kind
        kind = 'negative'

    def else_body():
        nonlocal kind

        def if_body():
            nonlocal kind
            kind = 'zero'

        def else_body():
            nonlocal kind

            def if_body():
                nonlocal kind
                kind = 'small'

            def else_body():
                nonlocal kind
                kind = 'large'
            ag__.if_stmt(x < 10, if_body, else_body, ('kind',))()
        ag__.if_stmt(x == 0, if_body, else_body, ('kind',))()
    kind: object
    ag__.if_stmt(x < 0, if_body, else_body, ('kind',))()
    return kind
