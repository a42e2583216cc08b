# pytest-useragent in a container: Debian, its Chromium and the plugin. `docker run` runs the example project, whose
# shop is served on the container's loopback, so it needs no network at all (docs/how-to/ci.md):
#
#   docker build -t pytest-useragent .
#   docker run --rm --network none --shm-size=1g pytest-useragent
#   docker run --rm --network none --shm-size=1g -v "$PWD/tests:/tests" pytest-useragent pytest /tests
FROM python:3.11-slim-bookworm

# Debian's Chromium: the plugin finds it on PATH when Playwright's own build is not installed (browser/launch.py), so
# nothing is downloaded when the tests run, and runs headless sessions in its headless shell (half the CPU); fonts, so
# pages are laid out as on a desktop
RUN apt-get update \
    && apt-get install -y --no-install-recommends chromium chromium-headless-shell fonts-liberation \
    && rm -rf /var/lib/apt/lists/*

# a container's pytest cache dies with it, and a mounted suite need not be writable by the container's user
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    PYTEST_ADDOPTS="-p no:cacheprovider"

COPY pyproject.toml README.md /opt/pytest-useragent/
COPY pytest_useragent /opt/pytest-useragent/pytest_useragent
RUN pip install /opt/pytest-useragent && rm -rf /opt/pytest-useragent

# not root: the tests, the app and Chromium run as a plain user; /work, where the report is written, takes any user
# `docker run --user` names (to write into a folder mounted from the host)
RUN useradd --create-home --uid 1000 useragent && mkdir /work && chmod 1777 /work
USER useragent
WORKDIR /work
COPY --chown=useragent example_project /work/example_project

CMD ["pytest", "example_project"]
