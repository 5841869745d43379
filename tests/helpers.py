"""Small helpers the test modules share."""


def line_of(path: str, marker: str) -> int:
    """The line of the file at ``path`` that ends with ``# marker``."""
    with open(path) as source:
        for number, line in enumerate(source, 1):
            if line.rstrip().endswith(f"# {marker}"):
                return number
    raise AssertionError(f"no line ends with '# {marker}' in {path}")
