"""The offline engine in Japanese, a language written without spaces: its words are cut where the script changes
(kanji, hiragana, katakana, latin) and a table's word is found inside a longer one (`lexicon`), while space-separated
languages match exactly as before; its table (`words/ja.toml`) read off the goal's kana; 「…」 and 『…』 quote a
value, which goes into the field the words before it name; a question's quoted values name what it asks about (a
time in the row a stage show heads, a date labelled 日時 on the event's page); a price in 円."""

from __future__ import annotations

from offline_steps import steps

from pytest_useragent.llm.offline.answers import answer
from pytest_useragent.llm.offline.kinds import answer_kind
from pytest_useragent.llm.offline.lexicon import TABLES, Words, detect, lexicon, tokens
from pytest_useragent.llm.offline.page import goal_words, matches, parse_snapshot, quoted, task_verb
from pytest_useragent.llm.offline.pairing import paired

REGISTER = "エコサポーターに新規登録してください。お名前は「山田花子」、メールアドレスは「hanako@example.jp」、電話番号は「06-1234-5678」です。個人情報保護方針に同意して送信してください"  # noqa: E501
FORM = """- heading "会員登録" [level=1] [ref=e1]
- textbox "お名前※" [ref=e2]
- textbox "メールアドレス※" [ref=e3]
- textbox "電話番号※" [ref=e4]
- checkbox "個人情報保護方針 に同意する" [checked=false] [ref=e5]
- button "送信" [ref=e6]"""
EVENT = """- heading "市民まつり" [level=1] [ref=e1]
- heading "楽しいイベントです" [level=2] [ref=e2]
- table [ref=e3]:
  - row [ref=e4]:
    - rowheader "日時" [ref=e5]
    - cell "11月8日（土）10時〜16時" [ref=e6]
- heading "ステージ" [level=2] [ref=e7]
- table [ref=e8]:
  - row [ref=e9]:
    - rowheader "10:30" [ref=e10]
    - cell "バンド演奏" [ref=e11]
  - row [ref=e12]:
    - rowheader "11:00" [ref=e13]
    - cell "科学実験ショー" [ref=e14]"""


def test_text_without_spaces_is_cut_where_its_script_changes_and_spaced_text_as_before():
    assert tokens("「温暖化の状況」のページ") == ["温暖化", "の", "状況", "の", "ヘーシ"]  # folded: ペ is ヘ
    assert tokens("Wyślij the CO2 form") == ["wyslij", "the", "co", "form"]
    assert goal_words("「温暖化の状況」を確認して、環境イベントを探す") == [
        "確認",
        "環境",
        "イベント",
    ]  # no kana, no 探
    assert goal_words("Find what the Pro plan costs") == ["pro", "plan"]


def test_a_japanese_word_matches_inside_a_longer_one_a_spaced_word_only_by_its_start():
    assert matches("環境", "駒瑠市環境イベント") and matches("温暖化対策", "温暖化の状況")
    assert not matches("状況", "駒瑠市環境イベント")
    assert matches("price", "Pricing") and not matches("pro", "Approach")  # as before


def test_a_table_s_word_of_two_letters_is_found_inside_one_of_one_letter_only_whole():
    words = Words.of(["登録", "円"])
    assert words.said("新規登録してください") and "新規登録" in words
    assert words.said("1,500 円") and not words.said("円安が進む")  # 円 alone, not inside 円安
    assert not Words.of(["send"]).said("resend")  # a spaced word stays whole


def test_the_goal_s_kana_say_it_is_japanese():
    assert "ja" in TABLES and detect(REGISTER) == "ja"
    assert detect("Send the form") is None and detect("Wyślij formularz") == "pl"


def test_corner_brackets_quote_a_value():
    assert quoted(REGISTER) == ["山田花子", "hanako@example.jp", "06-1234-5678"]
    assert quoted("『地球温暖化捏造説』を借りる") == ["地球温暖化捏造説"]
    assert quoted("温暖化の状況を開く") == []


def test_each_value_goes_into_the_field_the_words_before_it_name():
    fields = paired(REGISTER, parse_snapshot(FORM), lexicon(REGISTER))
    assert {value: field.ref for value, field in fields.items()} == {
        "山田花子": "e2",
        "hanako@example.jp": "e3",
        "06-1234-5678": "e4",
    }


def test_the_verb_that_closes_the_goal_makes_it_a_task():
    assert task_verb(REGISTER) == "送信"
    assert task_verb("「温暖化の状況」のページを開いてください") is None


def test_a_registration_is_typed_ticked_and_sent():
    made = steps(REGISTER, [FORM] * 6, "ja")
    typed = [(d.action.ref, d.action.text) for d in made if d.action.kind == "type"]
    assert typed == [("e2", "山田花子"), ("e3", "hanako@example.jp"), ("e4", "06-1234-5678")]
    assert [d.action.ref for d in made if d.action.kind == "click"][:2] == ["e5", "e6"]  # the consent, then 送信


def test_a_question_is_answered_by_the_time_that_heads_its_row():
    goal = "「科学実験ショー」は何時から始まりますか？"
    (made,) = steps(goal, [EVENT], "ja")
    assert (made.action.kind, made.action.evidence) == ("done", "11:00 科学実験ショー")
    # the twin: a show the page does not list has no time here, and nothing is claimed
    (twin,) = steps("「人形劇」は何時から始まりますか？", [EVENT], "ja")
    assert twin.action.kind != "done"


def test_when_an_event_is_held_is_the_date_its_own_page_labels_so():
    goal = "「市民まつり」はいつ開催されますか？"
    (made,) = steps(goal, [EVENT], "ja")
    assert (made.action.kind, made.action.evidence) == ("done", "11月8日（土）10時〜16時")
    unlabelled = EVENT.replace('rowheader "日時"', 'rowheader "会場"')  # the twin: a date no label calls the date
    twin = answer(parse_snapshot(unlabelled), answer_kind(goal, lexicon(goal)), ["市民", "まつり"])
    assert twin is None


def test_a_price_in_yen():
    goal = "大人の入場料はいくらですか？"
    lex = lexicon(goal)
    kind = answer_kind(goal, lex)
    assert kind is not None and kind.name == "price"
    fees = (
        '- heading "入場料" [level=2] [ref=e1]\n- row [ref=e2]:\n  - rowheader "大人" [ref=e3]\n  - cell "{}" [ref=e4]'
    )
    assert answer(parse_snapshot(fees.format("1,500円")), kind, kind.needs(goal_words(goal, lex))) == "1,500円"
    assert answer(parse_snapshot(fees.format("無料")), kind, kind.needs(goal_words(goal, lex))) is None  # no price
