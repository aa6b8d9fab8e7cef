"""Textos en español del quiz, con las palabras de la semilla 004 (Cómo jugar a Short Deck Hold'em):
Escalera de color, Póquer, Color, Full, Escalera, Trío, Doble pareja, Pareja, Carta alta; bote lateral."""

from __future__ import annotations

#: valor -> forma -> palabra; "to": hasta dónde llega una escalera ("al nueve", "a la reina")
RANKS: dict[int, dict[str, str]] = {
    r: {"one": one, "many": many, "to": ("a la " if r in (11, 12) else "al ") + one}
    for r, one, many in (
        (2, "dos", "doses"),
        (3, "tres", "treses"),
        (4, "cuatro", "cuatros"),
        (5, "cinco", "cincos"),
        (6, "seis", "seises"),
        (7, "siete", "sietes"),
        (8, "ocho", "ochos"),
        (9, "nueve", "nueves"),
        (10, "diez", "dieces"),
        (11, "jota", "jotas"),
        (12, "reina", "reinas"),
        (13, "rey", "reyes"),
        (14, "as", "ases"),
    )
}
#: valor -> letra de la carta (semilla 004: A♠K♥Q♦J♣10♠)
SHORT: dict[int, str] = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}

TEXTS: dict[str, str] = {
    "empty": "",
    "name": "{name}",
    "rank": "{rank:short}",
    "card": "{cards}",
    "pct": "{p}",
    "word.yes": "Sí",
    "word.no": "No",
    "word.and": "y",
    "word.or": "o",
    "num.decimal": ",",
    "num.percent": "{value} %",
    # tipos
    "kind.low-straight": "Encuentra la escalera baja",
    "kind.best-five": "Las cinco mejores",
    "kind.who-wins": "¿Quién gana?",
    "kind.name-hand": "Nombra la mano",
    "kind.outs": "Cuenta los outs",
    "kind.side-pots": "Botes laterales",
    "kind.betting": "Reglas de apuestas",
    # jerarquías, categorías, nombres
    "ranking.straight-over-trips": "la escalera vence al trío",
    "ranking.trips-over-straight": "el trío vence a la escalera",
    "ranking.standard": "rige la jerarquía normal de 52 cartas",
    "cat.high_card": "Carta alta",
    "cat.one_pair": "Pareja",
    "cat.two_pair": "Doble pareja",
    "cat.three_of_a_kind": "Trío",
    "cat.straight": "Escalera",
    "cat.flush": "Color",
    "cat.full_house": "Full",
    "cat.four_of_a_kind": "Póquer",
    "cat.straight_flush": "Escalera de color",
    "words.high_card": "Carta alta, {top:one}",
    "words.one_pair": "Pareja de {pair:many}",
    "words.two_pair": "Doble pareja, {high:many} y {low:many}",
    "words.three_of_a_kind": "Trío de {rank:many}",
    "words.straight": "Escalera {top:to}",
    "words.flush": "Color {top:to}",
    "words.full_house": "Full de {trips:many} con {pair:many}",
    "words.four_of_a_kind": "Póquer de {rank:many}",
    "words.straight_flush": "Escalera de color {top:to}",
    "target.straight": "una escalera",
    "target.flush": "un color",
    "street.preflop": "Preflop",
    "street.flop": "Flop",
    "street.turn": "Turn",
    "street.river": "River",
    # encuentra la escalera baja
    "ls.ask_has": "¿Tiene {player} una escalera?",
    "ls.yes_low": "Sí: {run} es una escalera, la más baja. El As juega bajo.",
    "ls.yes_high": "Sí: {run} es una escalera {top:to}.",
    "ls.no_wrap": (
        "No: {wrap} daría la vuelta, y una escalera nunca la da. "
        "El As juega bajo solo en {low} y alto solo en A-K-Q-J-10."
    ),
    "ls.no_almost": "No: cuatro cartas de {low} no son una escalera; falta: {missing}.",
    "ls.completes": "{rank:short} ({run})",
    "ls.tip_low": "Ten presente la escalera {low}: el As juega bajo.",
    "ls.ask_river": "¿Qué cartas en el river darían a {player} una escalera? Elige cada valor que la dé.",
    "ls.explain_river": "Estas cartas en el river forman escalera: {items}. {tip}",
    "ls.ask_board": (
        "¿Qué valores, como una de las dos cartas privadas de un jugador, forman escalera con este tablero? "
        "Elige cada valor que la forme."
    ),
    "ls.explain_board": (
        "Con este tablero una sola carta forma escalera: {items}. "
        "Revisa siempre la mejor mano posible en el tablero. {tip}"
    ),
    # las cinco mejores
    "bf.ask": "¿Qué cinco cartas juegan para {player}? Elige cinco.",
    "bf.ask_any": (
        "¿Qué cinco cartas juegan para {player}? Elige cinco. "
        "(Aquí varias combinaciones de cinco son igual de buenas: cualquiera es correcta.)"
    ),
    "bf.explain": "Las cinco mejores: {cards}, {words}. {note}",
    "bf.explain_any": (
        "Las cinco mejores: {cards}, {words}; una carta del mismo valor en su lugar vale lo mismo. {note}"
    ),
    "bf.note_board": "Juega el tablero: ninguna de las cartas privadas mejora la mano.",
    "bf.note_low": "En esta escalera el As juega bajo.",
    "bf.note_straight-over-trips": "Con esta jerarquía la escalera vence al trío.",
    "bf.note_trips-over-straight": "Con esta jerarquía el trío vence a la escalera.",
    "bf.note_standard": "Con 52 cartas la escalera vence al trío.",
    # quién gana
    "ww.ask": "¿Quién gana el bote, si {ranking}? Elige al ganador, o a cada jugador que se reparte el bote.",
    "ww.line": "{player}: {words} ({cards})",
    "ww.wins": "Gana {winners}.",
    "ww.split": "{winners} empatan y se reparten el bote; los palos nunca deshacen un empate.",
    "ww.explain": "{lines}\n{verdict} {note}",
    "ww.note_flush_full": "En Short Deck el Color vence al Full: con solo 9 cartas por palo, el Color es más raro.",
    "ww.note_full_flush": "Con 52 cartas el Full vence al Color.",
    "ww.note_straight-over-trips": "Aquí la escalera vence al trío; con la otra jerarquía ganaría el trío.",
    "ww.note_trips-over-straight": "Aquí el trío vence a la escalera; con la otra jerarquía ganaría la escalera.",
    "ww.note_standard": "Con 52 cartas la escalera vence al trío.",
    "ww.note_kickers": (
        "Misma clase de mano ({category}): primero cuentan las cartas que forman la mano, "
        "luego las cartas acompañantes de mayor a menor."
    ),
    # nombra la mano
    "nh.ask": "¿Qué mano tiene {player}?",
    "nh.explain": "{words}: {cards}. {note}",
    "nh.note_low": "El As juega bajo: {low} es la escalera más baja.",
    # outs
    "ou.ask_flop": "Tras el flop: ¿cuántas de las cartas no vistas dan a {player} {target} en el turn?",
    "ou.ask_turn": "Tras el turn: ¿cuántas de las cartas no vistas dan a {player} {target} en el river?",
    "ou.ask_chance_river": "Tras el turn: ¿qué probabilidad hay de que el river dé a {player} {target}?",
    "ou.ask_chance_by_river": (
        "Tras el flop: ¿qué probabilidad hay de que {player} tenga {target} en el river (faltan turn y river)?"
    ),
    "ou.ask_win": (
        "Las cartas de {opponent} están boca arriba. ¿Cuántas cartas en el river dan a {player} la mejor mano? "
        "(Un empate no cuenta.)"
    ),
    "ou.explain_outs": (
        "{n} outs: {outs}. Ves {seen} cartas, así que {unseen} no se ven: "
        "la probabilidad con la siguiente carta es {n} de {unseen}, {pct}. {note}"
    ),
    "ou.explain_by_river": (
        "{n} cartas dan {target} en el turn. De los {pairs} pares de turn y river "
        "({unseen} cartas no vistas), {hits} dan {target}: {pct}. {note}"
    ),
    "ou.explain_win": "{n} cartas en el river ganan para {player}: {outs}. Son {n} de {unseen}, {pct}. {ties}",
    "ou.ties": "Otras {n} darían empate: {cards}.",
    "ou.note_flush36": (
        "En Short Deck cada palo tiene solo 9 cartas: con cuatro a la vista quedan 5 (con 52 cartas serían 9)."
    ),
    "ou.note_flush52": "Cada palo tiene 13 cartas: con cuatro a la vista quedan 9 (en Short Deck solo 5).",
    "ou.note_low": "El As juega bajo: {low} también cuenta.",
    # botes laterales
    "sp.table": "Asientos: {seats}. El botón: {button}.",
    "sp.seat": "{seat} {player}",
    "sp.all_in": "{player} va all-in con {amount}.",
    "sp.covers": "{player} iguala todo, {amount} en total, y aún tiene fichas.",
    "sp.folded": "{player} puso {amount} y luego se retiró.",
    "sp.tiers": "Las manos de mejor a peor: {tiers}.",
    "sp.by_cards": "Las manos están boca arriba; {ranking}.",
    "sp.ask": (
        "¿Cuántas fichas recibe cada jugador al final (botes ganados y cualquier apuesta que nadie igualó)? "
        "Escribe un número para cada uno de {players}, en ese orden."
    ),
    "sp.share": "{player} {amount}",
    "sp.main": "Bote principal {amount}, para {eligible}: {shares}.",
    "sp.side": "Bote lateral {n}, {amount}, para {eligible}: {shares}.",
    "sp.returned": "{player} recupera {amount} que nadie igualó.",
    "sp.note_cap": (
        "Un jugador en all-in gana de cada rival como mucho lo que puso él; "
        "lo que los demás apuestan por encima va a un bote lateral que solo ellos pueden ganar."
    ),
    "sp.note_odd": (
        "El bote de {amount} no se reparte en partes iguales: las fichas sobrantes van una a una a los ganadores "
        "en sentido horario desde el botón, primero a {player}."
    ),
    "sp.note_odd_all": (
        "El bote de {amount} no se reparte en partes iguales: todas las fichas sobrantes van a {player}, "
        "el primer ganador en sentido horario desde el botón."
    ),
    "sp.explain": "{lines}",
    # reglas de apuestas
    "bt.table": "Asientos: {seats}.",
    "bt.seat": "{seat} {player}",
    "bt.seat_button": "{seat} {player} (botón)",
    "bt.antes_live": (
        "Todos pagan una ante de {ante}; el botón ({button}) paga una segunda ante de {ante}, que cuenta como apuesta."
    ),
    "bt.antes_single": "Todos pagan una ante de {ante}, también el botón ({button}); no hay apuesta viva.",
    "bt.blinds": "{sb_player} pone la ciega pequeña de {sb}, {bb_player} la ciega grande de {bb}.",
    "bt.bb_ante": "{player} pone además una ante de {amount} por toda la mesa.",
    "bt.no-limit": "Sin límite; la apuesta mínima es {min_bet}.",
    "bt.pot-limit": "Límite del bote; la apuesta mínima es {min_bet}.",
    "bt.fixed-limit": "Límite fijo: apuestas y subidas de {small} antes del turn, {big} en el turn y el river.",
    "bt.street_line": "{street}: {actions}.",
    "act.fold": "{player} se retira",
    "act.check": "{player} pasa",
    "act.call": "{player} iguala",
    "act.bet": "{player} apuesta {to}",
    "act.raise": "{player} sube a {to}",
    "bt.ask_turn": "{street}: ¿a quién le toca ahora?",
    "bt.ask_min_raise": "{player} quiere subir. ¿A cuánto como mínimo puede subir {player}?",
    "bt.ask_min_bet": "Nadie ha apostado aún en esta ronda. ¿Cuál es la apuesta mínima de {player}?",
    "bt.ask_show": "Showdown tras el river: ¿quién muestra primero sus cartas?",
    "bt.why_first_ante": (
        "Preflop empieza el jugador a la izquierda del botón; la ante extra del botón es una apuesta que igualar, "
        "no una ciega que saltarse: {player}."
    ),
    "bt.why_first_single": "Preflop empieza el jugador a la izquierda del botón: {player}.",
    "bt.why_first_blinds": "Preflop empieza el jugador a la izquierda de la ciega grande: {player}.",
    "bt.why_first_headsup": (
        "Cara a cara el botón pone la ciega pequeña y actúa primero antes del flop (último después): {player}."
    ),
    "bt.why_first_postflop": (
        "Desde el flop empieza el primer jugador activo a la izquierda del botón; el botón actúa último: {player}."
    ),
    "bt.why_next": (
        "El juego sigue en sentido horario desde {last}, saltando a quien se retiró; quien ya igualó la apuesta "
        "y actuó ha terminado, salvo que alguien suba: {player}."
    ),
    "bt.why_min_bet": "Nadie ha apostado en esta ronda, así que la apuesta más pequeña es la mínima: {answer}.",
    "bt.why_sd_preflop": (
        "La ante extra del botón es una apuesta viva de {current}. La subida más pequeña es la apuesta mínima: "
        "igualar {current} y añadir {min_bet}, una subida a {answer}."
    ),
    "bt.why_bb_preflop": (
        "La ciega grande de {current} es una apuesta viva; una subida añade al menos la ciega grande: a {answer}."
    ),
    "bt.why_raise": (
        "La apuesta está en {current}; una subida debe añadir al menos tanto como la mayor apuesta o subida "
        "de esta ronda, {inc}: a {answer}."
    ),
    "bt.why_fixed": "Con límite fijo cada apuesta y subida en esta ronda es de {size}: {answer}.",
    "bt.why_show_aggressor": "{player} hizo la última apuesta o subida, así que {player} muestra primero.",
    "bt.why_show_checked": (
        "Todos pasaron, así que muestra primero el primer jugador activo a la izquierda del botón: {player}."
    ),
    # manos propias
    "own.note_lost_low": (
        "{winner} ganó con {run}: el As juega bajo. Ten siempre presente esta escalera al leer el tablero."
    ),
    # terminal
    "ui.header": "Pregunta {n} de {count} · {kind} · nivel {level}",
    "ui.board": "Tablero: {cards}",
    "ui.hand": "{player}: {cards}",
    "ui.hint.choice": "Escribe una letra",
    "ui.hint.pick": "Escribe las letras o valores, p. ej. a c",
    "ui.hint.pick_n": "Escribe {n} letras, p. ej. a b c d e",
    "ui.hint.number": "Escribe un número entero",
    "ui.hint.numbers": "Escribe {n} números enteros, en orden",
    "ui.hint.quit": "(quit para terminar)",
    "ui.unreadable": "No pude leerlo. {hint}.",
    "ui.right": "¡Correcto!",
    "ui.wrong": "No del todo. La respuesta: {answer}",
    "ui.score": "Puntos: {right} de {asked} correctas · mejor racha {best} · racha actual {streak}",
    "ui.seed": "Semilla {seed}: con --seed {seed} salen las mismas preguntas. Reglas: {rules}.",
}
