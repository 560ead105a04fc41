# Holdem Dealer: docker build -t holdem-dealer . && docker run --env-file .env -v holdem-data:/data holdem-dealer
# With the web companion served by the bot itself (HOLDEM_WEB=1 in .env), publish its port too:
#   docker run --env-file .env -v holdem-data:/data -p 8080:8080 holdem-dealer

# The Activity's page: Discord's Embedded App SDK from its pinned npm package (the lockfile),
# bundled by esbuild into one static file; only that file reaches the image.
FROM node:20.19.5-bookworm-slim AS activity-sdk
WORKDIR /build/activity-sdk
COPY activity-sdk/package.json activity-sdk/package-lock.json activity-sdk/entry.mjs ./
RUN npm ci --no-audit --no-fund && npm run build

FROM python:3.11.14-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Fonts for the names players choose: Noto covers CJK, Hangul, Arabic, Hebrew, Devanagari, Thai
# and a hundred other scripts, and colour emoji; the serif faces are never drawn and go (70 MB).
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        fonts-noto-core=20201225-1 \
        fonts-noto-cjk=1:20220127+repack1-1 \
        fonts-noto-color-emoji=2.042-0+deb12u1 \
    && rm -rf /var/lib/apt/lists/* \
    && find /usr/share/fonts -name 'NotoSerif*' -delete

# Dependencies first (pinned, with everything they pull in), so code changes reuse this layer.
COPY requirements.lock ./
RUN pip install --no-cache-dir -r requirements.lock

# The project itself, without touching the pinned dependencies; the build backend is pinned too.
COPY pyproject.toml README.md LICENSE ./
COPY assets ./assets
COPY engine ./engine
COPY bot ./bot
COPY --from=activity-sdk /build/bot/activity/static/discord-sdk.js ./bot/activity/static/
RUN pip install --no-cache-dir setuptools==84.2.1 \
    && pip install --no-cache-dir --no-deps --no-build-isolation .

# A user without privileges owns the data volume: the database and the heartbeat live there.
RUN groupadd --system --gid 10001 holdem \
    && useradd --system --uid 10001 --gid holdem --home-dir /data --no-create-home holdem \
    && mkdir -p /data \
    && chown holdem:holdem /data
ENV HOLDEM_DB=/data/holdem.sqlite3 \
    HOLDEM_HEARTBEAT=/data/heartbeat
VOLUME ["/data"]

# The web companion (HOLDEM_WEB=1, or python -m bot.web) listens on every interface of the
# container, so a published port reaches it; HOLDEM_WEB_PORT is 8080 unless set.
ENV HOLDEM_WEB_HOST=0.0.0.0
EXPOSE 8080
USER 10001:10001
WORKDIR /data

# The running bot writes /data/heartbeat every 30 s; three missed beats is unhealthy.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "--health"]

# SIGTERM (docker stop) lets the bot finish its writes and tell each table it is restarting.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
