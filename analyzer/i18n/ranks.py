"""What gettext cannot do: each language's words for a card rank, as data.

A rank has forms: ``one`` (a nine), ``many`` (nines), ``to`` (a straight *to* the nine:
German "zur Neun", Spanish "al nueve"), and ``short``, the letter on the card (German B and D
for jack and queen, seed 001). The words are the seeds' (001 German, 004 Spanish)."""

from __future__ import annotations

#: language -> rank (2..14) -> form -> word
RANKS: dict[str, dict[int, dict[str, str]]] = {
    "en": {
        2: {"one": "two", "many": "twos", "to": "two", "short": "2"},
        3: {"one": "three", "many": "threes", "to": "three", "short": "3"},
        4: {"one": "four", "many": "fours", "to": "four", "short": "4"},
        5: {"one": "five", "many": "fives", "to": "five", "short": "5"},
        6: {"one": "six", "many": "sixes", "to": "six", "short": "6"},
        7: {"one": "seven", "many": "sevens", "to": "seven", "short": "7"},
        8: {"one": "eight", "many": "eights", "to": "eight", "short": "8"},
        9: {"one": "nine", "many": "nines", "to": "nine", "short": "9"},
        10: {"one": "ten", "many": "tens", "to": "ten", "short": "10"},
        11: {"one": "jack", "many": "jacks", "to": "jack", "short": "J"},
        12: {"one": "queen", "many": "queens", "to": "queen", "short": "Q"},
        13: {"one": "king", "many": "kings", "to": "king", "short": "K"},
        14: {"one": "ace", "many": "aces", "to": "ace", "short": "A"},
    },
    "de": {
        2: {"one": "Zwei", "many": "Zweien", "to": "zur Zwei", "short": "2"},
        3: {"one": "Drei", "many": "Dreien", "to": "zur Drei", "short": "3"},
        4: {"one": "Vier", "many": "Vieren", "to": "zur Vier", "short": "4"},
        5: {"one": "Fünf", "many": "Fünfen", "to": "zur Fünf", "short": "5"},
        6: {"one": "Sechs", "many": "Sechsen", "to": "zur Sechs", "short": "6"},
        7: {"one": "Sieben", "many": "Siebenen", "to": "zur Sieben", "short": "7"},
        8: {"one": "Acht", "many": "Achten", "to": "zur Acht", "short": "8"},
        9: {"one": "Neun", "many": "Neunen", "to": "zur Neun", "short": "9"},
        10: {"one": "Zehn", "many": "Zehnen", "to": "zur Zehn", "short": "10"},
        11: {"one": "Bube", "many": "Buben", "to": "zum Buben", "short": "B"},
        12: {"one": "Dame", "many": "Damen", "to": "zur Dame", "short": "D"},
        13: {"one": "König", "many": "Könige", "to": "zum König", "short": "K"},
        14: {"one": "Ass", "many": "Asse", "to": "zum Ass", "short": "A"},
    },
    "es": {
        2: {"one": "dos", "many": "doses", "to": "al dos", "short": "2"},
        3: {"one": "tres", "many": "treses", "to": "al tres", "short": "3"},
        4: {"one": "cuatro", "many": "cuatros", "to": "al cuatro", "short": "4"},
        5: {"one": "cinco", "many": "cincos", "to": "al cinco", "short": "5"},
        6: {"one": "seis", "many": "seises", "to": "al seis", "short": "6"},
        7: {"one": "siete", "many": "sietes", "to": "al siete", "short": "7"},
        8: {"one": "ocho", "many": "ochos", "to": "al ocho", "short": "8"},
        9: {"one": "nueve", "many": "nueves", "to": "al nueve", "short": "9"},
        10: {"one": "diez", "many": "dieces", "to": "al diez", "short": "10"},
        11: {"one": "jota", "many": "jotas", "to": "a la jota", "short": "J"},
        12: {"one": "reina", "many": "reinas", "to": "a la reina", "short": "Q"},
        13: {"one": "rey", "many": "reyes", "to": "al rey", "short": "K"},
        14: {"one": "as", "many": "ases", "to": "al as", "short": "A"},
    },
}
