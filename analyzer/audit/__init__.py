"""The audit: the engine's replay against what each record claims.

``hand`` audits one hand (:func:`analyzer.audit.hand.audit_hand`) and returns the records of
``records`` (:class:`~analyzer.audit.records.HandAudit`: verdict, problems, ledger, pots);
``continuity`` checks the hands of one table against each other; ``night`` audits files into
a night with its summary; ``report`` writes a night as JSON and CSV.
"""
