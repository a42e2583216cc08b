"""Link names that say nothing out of context, by the page's language (`<html lang>`): "read more", "click here",
"więcej", "hier", 「こちら」... and a bare web address. Pure data and one test of a name.

A name is vague when, set in lower case with its punctuation, arrows and ellipses left out, it is one of its
language's phrases; a page that says no language (or one not listed) is read with every list, and English is read on
every page (its phrases are the web's lingua franca: "more" on a German page says no more than "mehr").
"""

from __future__ import annotations

import re
import unicodedata

# fmt: off
VAGUE: dict[str, frozenset[str]] = {
    "en": frozenset({
        "click here", "here", "click", "more", "read more", "learn more", "see more", "view more", "find out more",
        "more info", "more information", "more details", "details", "continue", "continue reading", "link",
        "this link", "this", "go", "info", "read on", "full story", "tap here",
    }),
    "pl": frozenset({
        "więcej", "czytaj więcej", "czytaj dalej", "kliknij tutaj", "kliknij tu", "kliknij", "tutaj", "tu",
        "zobacz więcej", "dowiedz się więcej", "więcej informacji", "szczegóły", "link", "odnośnik", "przejdź",
        "zobacz", "rozwiń",
    }),
    "cs": frozenset({
        "více", "zde", "tady", "sem", "klikněte zde", "klikni zde", "klikněte sem", "číst dále", "číst více",
        "více informací", "podrobnosti", "odkaz", "zobrazit více", "celý článek", "pokračovat ve čtení",
    }),
    "de": frozenset({
        "mehr", "hier", "weiterlesen", "hier klicken", "klicken sie hier", "mehr erfahren", "mehr lesen",
        "mehr informationen", "mehr infos", "details", "link", "zum artikel", "mehr dazu",
    }),
    "es": frozenset({
        "más", "leer más", "aquí", "haga clic aquí", "haz clic aquí", "pulse aquí", "pincha aquí", "clic aquí",
        "ver más", "más información", "saber más", "enlace", "seguir leyendo", "detalles",
    }),
    "ja": frozenset({
        "こちら", "ここ", "こちらをクリック", "ここをクリック", "クリック", "詳細", "詳しく",
        "詳しくはこちら", "もっと見る", "続きを読む", "続きはこちら", "もっと読む", "リンク", "こちらから",
    }),
    "fr": frozenset({
        "plus", "lire la suite", "la suite", "suite", "ici", "cliquez ici", "en savoir plus", "voir plus",
        "plus d'infos", "plus d'informations", "lien", "détails", "lire plus",
    }),
}
# fmt: on
"""Each language's phrases, in lower case."""
_ALL = frozenset().union(*VAGUE.values())
_NOISE = re.compile(r"[^\w\s']+")
_ADDRESS = re.compile(r"^(?:https?://|www\.)\S+$", re.IGNORECASE)


def phrases(lang: str) -> frozenset[str]:
    """The phrases of the page's language (its primary subtag: `pl-PL` is `pl`), with English's; all of them for a
    page that says no language we list."""
    primary = lang.strip().lower().partition("-")[0]
    return VAGUE["en"] | VAGUE[primary] if primary in VAGUE else _ALL


def vague(name: str, lang: str) -> bool:
    """Whether a link named `name` says nothing of where it goes on a page in `lang`: one of its phrases ("Read
    more…", "» więcej") or a bare web address."""
    text = " ".join(unicodedata.normalize("NFKC", name).split())
    if _ADDRESS.match(text):
        return True
    folded = " ".join(_NOISE.sub(" ", text.casefold().replace("’", "'")).split())
    return bool(folded) and folded in phrases(lang)
