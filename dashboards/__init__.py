"""Streamlit pages that lay out what :mod:`analyzer` computed. Pages never parse or compute."""
