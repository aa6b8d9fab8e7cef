"""The syntax of sixplus: bytes of a hand-history file in, neutral :class:`HandRecord` out
(and back out, through the writers). What a file claims happened; never who won."""
