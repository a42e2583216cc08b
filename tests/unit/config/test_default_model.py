import contextlib
import warnings

import anthropic
from anthropic.resources.messages.messages import DEPRECATED_MODELS

from pytest_useragent.config import DEFAULT_MODEL
from pytest_useragent.cost.pricing import PriceBook


def test_the_default_model_is_current_and_priced():
    assert DEFAULT_MODEL not in DEPRECATED_MODELS
    assert PriceBook.load().is_known(DEFAULT_MODEL)


def test_the_sdk_does_not_warn_about_the_default_model():
    client = anthropic.Anthropic(api_key="k", base_url="http://127.0.0.1:9", max_retries=0, timeout=0.5)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with contextlib.suppress(anthropic.APIConnectionError):  # nothing listens there: only the warning matters
            client.messages.create(model=DEFAULT_MODEL, max_tokens=1, messages=[{"role": "user", "content": "hi"}])
