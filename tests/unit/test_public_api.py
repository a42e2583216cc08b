import pytest_useragent


def test_all_is_the_public_surface():
    assert sorted(pytest_useragent.__all__) == pytest_useragent.__all__
    for name in pytest_useragent.__all__:
        assert getattr(pytest_useragent, name) is not None
    assert {"Persona", "Agent", "SessionResult", "UserAgentConfig", "AnthropicProvider"} <= set(
        pytest_useragent.__all__
    )


def test_errors_form_one_tree():
    from pytest_useragent import errors

    for name in ("ConfigError", "PersonaError", "BrowserNotFoundError"):
        assert issubclass(getattr(errors, name), errors.UserError)
    for name in ("ProviderError", "BudgetExhausted"):
        assert issubclass(getattr(errors, name), errors.RunError)
    assert issubclass(errors.UserError, errors.UserAgentError) and issubclass(errors.RunError, errors.UserAgentError)
