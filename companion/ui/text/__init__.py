"""Every word the app shows: catalogs (i18n, tr), what they must hold (msgids), and the
shared formatting of names, scores, histories and pad words."""
