"""Deutsche Texte des Quiz, in den Worten von Seed 001 (Short Deck Hold'em, ausführliche Regeln):
Straße, Drilling, Flush, Full House, Vierling, Zwei Paare, Paar, Höchste Karte; A K D B 10."""

from __future__ import annotations

#: Rang -> Form -> Wort; "to": bis zu diesem Rang läuft eine Straße ("bis zur Neun")
RANKS: dict[int, dict[str, str]] = {
    r: {"one": one, "many": many, "to": to}
    for r, one, many, to in (
        (2, "Zwei", "Zweien", "zur Zwei"),
        (3, "Drei", "Dreien", "zur Drei"),
        (4, "Vier", "Vieren", "zur Vier"),
        (5, "Fünf", "Fünfen", "zur Fünf"),
        (6, "Sechs", "Sechsen", "zur Sechs"),
        (7, "Sieben", "Siebenen", "zur Sieben"),
        (8, "Acht", "Achten", "zur Acht"),
        (9, "Neun", "Neunen", "zur Neun"),
        (10, "Zehn", "Zehnen", "zur Zehn"),
        (11, "Bube", "Buben", "zum Buben"),
        (12, "Dame", "Damen", "zur Dame"),
        (13, "König", "Könige", "zum König"),
        (14, "Ass", "Asse", "zum Ass"),
    )
}
#: Rang -> Buchstabe auf der Karte (Seed 001: A K D B 10 9 8 7 6)
SHORT: dict[int, str] = {**{r: str(r) for r in range(2, 11)}, 11: "B", 12: "D", 13: "K", 14: "A"}

TEXTS: dict[str, str] = {
    "empty": "",
    "name": "{name}",
    "rank": "{rank:short}",
    "card": "{cards}",
    "pct": "{p}",
    "word.yes": "Ja",
    "word.no": "Nein",
    "word.and": "und",
    "word.or": "oder",
    "num.decimal": ",",
    "num.percent": "{value} %",
    # Arten
    "kind.low-straight": "Finde die niedrige Straße",
    "kind.best-five": "Die besten fünf",
    "kind.who-wins": "Wer gewinnt?",
    "kind.name-hand": "Benenne die Hand",
    "kind.outs": "Zähl die Outs",
    "kind.side-pots": "Nebenpots",
    "kind.betting": "Setzregeln",
    # Rangfolgen, Arten von Händen, Namen
    "ranking.straight-over-trips": "eine Straße einen Drilling schlägt",
    "ranking.trips-over-straight": "ein Drilling eine Straße schlägt",
    "ranking.standard": "die normale Rangfolge mit 52 Karten gilt",
    "cat.high_card": "Höchste Karte",
    "cat.one_pair": "Paar",
    "cat.two_pair": "Zwei Paare",
    "cat.three_of_a_kind": "Drilling",
    "cat.straight": "Straße",
    "cat.flush": "Flush",
    "cat.full_house": "Full House",
    "cat.four_of_a_kind": "Vierling",
    "cat.straight_flush": "Straight Flush",
    "words.high_card": "Höchste Karte, {top:one}",
    "words.one_pair": "Paar, {pair:many}",
    "words.two_pair": "Zwei Paare, {high:many} und {low:many}",
    "words.three_of_a_kind": "Drilling, {rank:many}",
    "words.straight": "Straße bis {top:to}",
    "words.flush": "Flush, {top:one} hoch",
    "words.full_house": "Full House, {trips:many} über {pair:many}",
    "words.four_of_a_kind": "Vierling, {rank:many}",
    "words.straight_flush": "Straight Flush bis {top:to}",
    "target.straight": "eine Straße",
    "target.flush": "einen Flush",
    "street.preflop": "Preflop",
    "street.flop": "Flop",
    "street.turn": "Turn",
    "street.river": "River",
    # Finde die niedrige Straße
    "ls.ask_has": "Hat {player} eine Straße?",
    "ls.yes_low": "Ja: {run} ist eine Straße, die niedrigste. Das Ass steht unten.",
    "ls.yes_high": "Ja: {run} ist eine Straße bis {top:to}.",
    "ls.no_wrap": (
        "Nein: {wrap} ginge um die Ecke, und das tut eine Straße nie. "
        "Das Ass steht nur in {low} unten und nur in A-K-D-B-10 oben."
    ),
    "ls.no_almost": "Nein: vier Karten von {low} sind keine Straße; es fehlt noch: {missing}.",
    "ls.completes": "{rank:short} ({run})",
    "ls.tip_low": "Denk an die Straße {low}: Das Ass darf unten stehen.",
    "ls.ask_river": "Welche River-Karten brächten {player} eine Straße? Wähle jeden Rang, der es tut.",
    "ls.explain_river": "Diese River-Karten bringen eine Straße: {items}. {tip}",
    "ls.ask_board": (
        "Welche Ränge bilden als eine der zwei Karten eines Spielers mit diesem Board eine Straße? "
        "Wähle jeden Rang, der es tut."
    ),
    "ls.explain_board": (
        "Mit diesem Board bringt eine einzige Karte eine Straße: {items}. "
        "Schau immer, welche Hand das Board möglich macht. {tip}"
    ),
    # Die besten fünf
    "bf.ask": "Welche fünf Karten spielen für {player}? Wähle fünf.",
    "bf.ask_any": (
        "Welche fünf Karten spielen für {player}? Wähle fünf. "
        "(Hier sind mehrere Fünferhände gleich gut: jede davon ist richtig.)"
    ),
    "bf.explain": "Die besten fünf: {cards}, {words}. {note}",
    "bf.explain_any": (
        "Die besten fünf: {cards}, {words}; eine Karte gleichen Werts an ihrer Stelle ist genauso gut. {note}"
    ),
    "bf.note_board": "Das Board spielt: keine der eigenen Karten macht die Hand besser.",
    "bf.note_low": "In dieser Straße steht das Ass unten.",
    "bf.note_straight-over-trips": "In dieser Rangfolge schlägt eine Straße einen Drilling.",
    "bf.note_trips-over-straight": "In dieser Rangfolge schlägt ein Drilling eine Straße.",
    "bf.note_standard": "Mit 52 Karten schlägt eine Straße einen Drilling.",
    # Wer gewinnt?
    "ww.ask": "Wer gewinnt den Pot, wenn {ranking}? Wähle den Gewinner oder alle Spieler, die sich den Pot teilen.",
    "ww.line": "{player}: {words} ({cards})",
    "ww.wins": "{winners} gewinnt.",
    "ww.split": "{winners} haben Gleichstand und teilen den Pot; die Farbe entscheidet nie.",
    "ww.explain": "{lines}\n{verdict} {note}",
    "ww.note_flush_full": (
        "Beim Short Deck schlägt ein Flush ein Full House: Mit weniger Karten pro Farbe sind Flushs seltener."
    ),
    "ww.note_full_flush": "Mit 52 Karten schlägt ein Full House einen Flush.",
    "ww.note_straight-over-trips": (
        "Hier schlägt die Straße den Drilling; in der anderen Rangfolge gewänne der Drilling."
    ),
    "ww.note_trips-over-straight": (
        "Hier schlägt der Drilling die Straße; in der anderen Rangfolge gewänne die Straße."
    ),
    "ww.note_standard": "Mit 52 Karten schlägt eine Straße einen Drilling.",
    "ww.note_kickers": (
        "Gleiche Art von Hand ({category}): Zuerst zählen die Karten, die die Hand bilden, "
        "dann die übrigen der Reihe nach von oben."
    ),
    # Benenne die Hand
    "nh.ask": "Welche Hand hat {player}?",
    "nh.explain": "{words}: {cards}. {note}",
    "nh.note_low": "Das Ass steht unten: {low} ist die niedrigste Straße.",
    # Outs
    "ou.ask_flop": "Nach dem Flop: Wie viele der ungesehenen Karten bringen {player} am Turn {target}?",
    "ou.ask_turn": "Nach dem Turn: Wie viele der ungesehenen Karten bringen {player} am River {target}?",
    "ou.ask_chance_river": "Nach dem Turn: Wie groß ist die Chance, dass der River {player} {target} bringt?",
    "ou.ask_chance_by_river": (
        "Nach dem Flop: Wie groß ist die Chance, dass {player} bis zum River {target} hat (Turn und River kommen noch)?"
    ),
    "ou.ask_win": (
        "Die Karten von {opponent} liegen offen. Wie viele River-Karten geben {player} die bessere Hand? "
        "(Gleichstand zählt nicht.)"
    ),
    "ou.explain_outs": (
        "{n} Outs: {outs}. Du siehst {seen} Karten, also sind {unseen} ungesehen: "
        "die Chance mit der nächsten Karte ist {n} von {unseen}, {pct}. {note}"
    ),
    "ou.explain_by_river": (
        "{n} Karten bringen am Turn {target}. Von den {pairs} Paaren aus Turn und River "
        "({unseen} ungesehene Karten) bringen {hits} {target}: {pct}. {note}"
    ),
    "ou.explain_win": "{n} River-Karten gewinnen für {player}: {outs}. Das sind {n} von {unseen}, {pct}. {ties}",
    "ou.ties": "{n} weitere brächten Gleichstand: {cards}.",
    "ou.note_flush36": (
        "Eine Farbe hat beim Short Deck nur 9 Karten: Vier sind zu sehen, also bleiben 5 (mit 52 Karten wären es 9)."
    ),
    "ou.note_flush52": "Eine Farbe hat 13 Karten: Vier sind zu sehen, also bleiben 9 (beim Short Deck nur 5).",
    "ou.note_low": "Das Ass steht auch unten: {low} zählt mit.",
    # Nebenpots
    "sp.table": "Plätze: {seats}. Der Button: {button}.",
    "sp.seat": "{seat} {player}",
    "sp.all_in": "{player} ist all-in mit {amount}.",
    "sp.covers": "{player} geht überall mit, insgesamt {amount}, und hat noch Chips.",
    "sp.folded": "{player} hat {amount} eingezahlt und ist dann ausgestiegen.",
    "sp.tiers": "Die Hände von der besten zur schwächsten: {tiers}.",
    "sp.by_cards": "Die Hände liegen offen; gewertet wird so, dass {ranking}.",
    "sp.ask": (
        "Wie viele Chips bekommt jeder Spieler am Ende (gewonnene Pots und jeder Einsatz, den niemand mitging)? "
        "Gib je eine Zahl für {players} ein, in dieser Reihenfolge."
    ),
    "sp.share": "{player} {amount}",
    "sp.main": "Hauptpot {amount}, für {eligible}: {shares}.",
    "sp.side": "Nebenpot {n}, {amount}, für {eligible}: {shares}.",
    "sp.returned": "{player} bekommt {amount} zurück, die niemand mitgegangen ist.",
    "sp.note_cap": (
        "Wer all-in ist, gewinnt von jedem Gegner höchstens so viel, wie er selbst eingezahlt hat; "
        "was die anderen darüber hinaus setzen, kommt in einen Nebenpot, den nur sie gewinnen können."
    ),
    "sp.note_odd": (
        "Der Pot von {amount} lässt sich nicht gleich teilen: Übrige Chips gehen einzeln an die Gewinner "
        "im Uhrzeigersinn vom Button aus, zuerst an {player}."
    ),
    "sp.note_odd_all": (
        "Der Pot von {amount} lässt sich nicht gleich teilen: Alle übrigen Chips gehen an {player}, "
        "den ersten Gewinner im Uhrzeigersinn vom Button aus."
    ),
    "sp.explain": "{lines}",
    # Setzregeln
    "bt.table": "Plätze: {seats}.",
    "bt.seat": "{seat} {player}",
    "bt.seat_button": "{seat} {player} (Button)",
    "bt.antes_live": (
        "Alle zahlen {ante} Ante; der Button ({button}) zahlt ein zweites Ante von {ante}, das als Einsatz zählt."
    ),
    "bt.antes_single": "Alle zahlen {ante} Ante, auch der Button ({button}); es gibt keinen offenen Einsatz.",
    "bt.blinds": "{sb_player} zahlt den Small Blind von {sb}, {bb_player} den Big Blind von {bb}.",
    "bt.bb_ante": "{player} zahlt außerdem ein Ante von {amount} für den ganzen Tisch.",
    "bt.no-limit": "No Limit; der Mindesteinsatz ist {min_bet}.",
    "bt.pot-limit": "Pot Limit; der Mindesteinsatz ist {min_bet}.",
    "bt.fixed-limit": "Fixed Limit: Einsätze und Erhöhungen von {small} vor dem Turn, {big} am Turn und River.",
    "bt.street_line": "{street}: {actions}.",
    "act.fold": "{player} steigt aus",
    "act.check": "{player} checkt",
    "act.call": "{player} geht mit",
    "act.bet": "{player} setzt {to}",
    "act.raise": "{player} erhöht auf {to}",
    "bt.ask_turn": "{street}: Wer ist jetzt dran?",
    "bt.ask_min_raise": "{player} will erhöhen. Auf wie viel muss {player} mindestens erhöhen?",
    "bt.ask_min_bet": "In dieser Setzrunde hat noch niemand gesetzt. Wie viel muss {player} mindestens setzen?",
    "bt.ask_show": "Showdown nach dem River: Wer deckt zuerst auf?",
    "bt.why_first_ante": (
        "Preflop beginnt der Spieler links vom Button; das zusätzliche Ante des Buttons ist ein Einsatz "
        "zum Mitgehen, kein Blind zum Überspringen: {player}."
    ),
    "bt.why_first_single": "Preflop beginnt der Spieler links vom Button: {player}.",
    "bt.why_first_blinds": "Preflop beginnt der Spieler links vom Big Blind: {player}.",
    "bt.why_first_headsup": (
        "Zu zweit zahlt der Button den Small Blind und ist vor dem Flop zuerst dran (danach zuletzt): {player}."
    ),
    "bt.why_first_postflop": (
        "Ab dem Flop beginnt der erste noch aktive Spieler links vom Button; der Button ist zuletzt dran: {player}."
    ),
    "bt.why_next": (
        "Es geht im Uhrzeigersinn weiter von {last}; wer ausgestiegen ist, wird übersprungen, und wer den Einsatz "
        "schon gebracht und gehandelt hat, ist fertig, solange niemand erhöht: {player}."
    ),
    "bt.why_min_bet": (
        "In dieser Runde hat niemand gesetzt, also ist der kleinste Einsatz der Mindesteinsatz: {answer}."
    ),
    "bt.why_sd_preflop": (
        "Das zusätzliche Ante des Buttons ist ein Einsatz von {current}. Die kleinste Erhöhung ist der "
        "Mindesteinsatz: {current} mitgehen und {min_bet} drauflegen, eine Erhöhung auf {answer}."
    ),
    "bt.why_bb_preflop": (
        "Der Big Blind von {current} zählt als Einsatz; eine Erhöhung legt mindestens den Big Blind drauf: "
        "auf {answer}."
    ),
    "bt.why_raise": (
        "Der Einsatz steht bei {current}; eine Erhöhung muss mindestens so groß sein wie der größte Einsatz "
        "oder die größte Erhöhung dieser Runde, {inc}: auf {answer}."
    ),
    "bt.why_fixed": "Bei Fixed Limit ist jeder Einsatz und jede Erhöhung in dieser Runde {size}: {answer}.",
    "bt.why_show_aggressor": "{player} hat zuletzt gesetzt oder erhöht, also zeigt {player} zuerst.",
    "bt.why_show_checked": (
        "Alle haben gecheckt, also zeigt der erste noch aktive Spieler links vom Button zuerst: {player}."
    ),
    # eigene Hände
    "own.note_lost_low": (
        "{winner} gewann mit {run}: Das Ass steht unten. Schau immer, ob das Board diese Straße möglich macht."
    ),
    # Terminal
    "ui.header": "Frage {n} von {count} · {kind} · Stufe {level}",
    "ui.board": "Board: {cards}",
    "ui.hand": "{player}: {cards}",
    "ui.hint.choice": "Gib einen Buchstaben ein",
    "ui.hint.pick": "Gib die Buchstaben oder Ränge ein, z. B. a c",
    "ui.hint.pick_n": "Gib {n} Buchstaben ein, z. B. a b c d e",
    "ui.hint.number": "Gib eine ganze Zahl ein",
    "ui.hint.numbers": "Gib {n} ganze Zahlen ein, der Reihe nach",
    "ui.hint.quit": "(quit zum Aufhören)",
    "ui.unreadable": "Das konnte ich nicht lesen. {hint}.",
    "ui.right": "Richtig!",
    "ui.wrong": "Nicht ganz. Die Antwort: {answer}",
    "ui.score": "Punkte: {right} von {asked} richtig · beste Serie {best} · Serie jetzt {streak}",
    "ui.seed": "Seed {seed}: mit --seed {seed} kommen dieselben Fragen wieder. Regeln: {rules}.",
}
