"""The semantics of sixplus: cards, rule sets, the evaluator, the replay engine, the audit,
equity, statistics, quizzes and the store. Pure: records in, records out; no UI, no plotting."""
