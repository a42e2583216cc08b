from pathlib import Path

import pytest

SIGN_IN = Path(__file__).with_name("signin.html").as_uri()


@pytest.mark.useragent(credentials={"email": "jana@example.com", "password": "$SHOP_PASSWORD"})
def test_jana_signs_in(agent):
    result = agent.run("Sign in with my account", url=SIGN_IN)

    assert result.goal_achieved
    # the model saw {{password}}, never the value; nothing the session wrote holds it either
    assert "{{password}}" in result.model_dump_json()
