def describe_with_locals(count, name):

    def if_body():
        nonlocal text, unit
        unit = name + 's'
        text = ag__.text(ag__.percent('%(count)d %(unit)s', ag__.locals_(('count', 'name', 'unit', 'text'))))

    def else_body():
        nonlocal text
        text = ag__.text('{count} {name}'.format(**ag__.locals_(('count', 'name', 'unit', 'text'))))
    text = ag__.Undefined('text')
    unit = ag__.Undefined('unit')
    ag__.if_stmt(count > 1, if_body, else_body, ('text', 'unit'))()
    return (text, eval('count * 2', None, ag__.locals_(('count', 'name', 'unit', 'text'))), sorted(ag__.locals_(('count', 'name', 'unit', 'text'))))
