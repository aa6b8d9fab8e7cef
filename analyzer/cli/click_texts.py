"""click's own texts that users of ``sixplus`` meet (click 8.x: its help sections, usage errors and
prompts), listed here only so that pybabel extracts them into our catalogs. Nothing imports this
module: :func:`analyzer.cli.helptext.route_click_messages` makes click look these msgids up in our
catalogs when it shows them. The msgids are click's, character for character; a new click version
may add or change some (``tests/i18n/test_cli_help.py`` then finds them untranslated).
"""

from analyzer.i18n import N_, ngettext

N_("(dynamic)")
N_("Aborted!")
N_("Argument {name!r} takes {nargs} values.")
N_("Choose from:\n\t{choices}")
N_("Commands")
N_("Could not open file {filename!r}: {message}")
N_("Do you want to continue?")
N_("Error: The two entered values do not match.")
N_("Error: invalid input")
N_("Error: {message}")
N_("Invalid start character for option ({option})")
N_("Invalid value for {param_hint}: {message}")
N_("Invalid value: {message}")
N_("Missing argument")
N_("Missing command.")
N_("Missing option")
N_("Missing parameter")
N_("Missing parameter: {param_name}")
N_("Missing {param_type}")
N_("No such command {name!r}.")
N_("No such option {name!r}.")
N_("Option {name!r} does not take a value.")
N_("Options")
N_("Positional arguments")
N_("Press any key to continue...")
N_("Repeat for confirmation")
N_("Show the version and exit.")
N_("Show this message and exit.")
N_("Try '{command} {option}' for help.")
N_("Usage:")
N_("Value must be an iterable.")
N_("default: {default}")
N_("deprecated")
N_("directory")
N_("env var: {var}")
N_("file")
N_("path")
N_("required")  # the "[required]" of an option's help, looked up as _(extra["required"])
N_("unknown error")
N_("{name} {filename!r} does not exist.")
N_("{name} {filename!r} is a directory.")
N_("{name} {filename!r} is a file.")
N_("{name} {filename!r} is not executable.")
N_("{name} {filename!r} is not readable.")
N_("{name} {filename!r} is not writable.")
N_("{value!r} is not a valid UUID.")
N_("{value!r} is not a valid boolean. Recognized values: {states}")
N_("{value!r} is not a valid {number_type}.")
N_("{value} is not in the range {range}.")
ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 1)
ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)
ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
ngettext("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given.", 1)
ngettext(
    "{len_type} values are required, but {len_value} was given.",
    "{len_type} values are required, but {len_value} were given.",
    1,
)
ngettext("{value!r} does not match the format {format}.", "{value!r} does not match the formats {formats}.", 1)
ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 1)
