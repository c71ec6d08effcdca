# syntax=docker/dockerfile:1
# Picket's private-location agent (bin/picket-agent.js); the same image runs the service and the `picket` command.
#
#   docker build -t picket .
#   docker run -d --name picket-agent --security-opt seccomp=unconfined \
#     -e API_KEY=pl_… -e PICKET_URL=https://picket.example.com -e JOB_CONCURRENCY=4 picket
#   docker run -d -p 3000:3000 -v picket-data:/data --security-opt seccomp=unconfined --no-healthcheck \
#     --entrypoint node picket bin/picket.js serve                                   # the service
#   docker run --rm -it -v "$PWD:/work" -w /work --user "$(id -u)" --entrypoint node picket \
#     /app/bin/picket.js init my-checks                                              # any picket command
#
# The service needs --no-healthcheck (or a --health-cmd of its own, e.g. on /-/readiness of its PORT): the image's
# health check below is the agent's, on port AGENT_HEALTH_PORT, where the service listens to nothing, so the
# container would show unhealthy. docker-compose.yml sets the service's own.
#
# ICMP checks run Debian's ping, which iputils-ping installs with the file capability cap_net_raw+ep (it depends on
# libcap2-bin for setcap), so the non-root user can ping wherever the container keeps NET_RAW: Docker's default
# capabilities include it. Where it is dropped (--cap-drop ALL, Kubernetes "restricted" pods) exec of ping fails;
# add it back with `--cap-add NET_RAW` (securityContext.capabilities.add: [NET_RAW]).
#
# Every run of users' code (browser, multi-step and suite scripts, setup and teardown scripts) runs in a bubblewrap
# box made of user, PID, mount and network namespaces, created by the non-root user. Docker's default seccomp
# profile refuses the unshare and clone calls that create user namespaces, so run the container with
# `--security-opt seccomp=unconfined` (or a profile that allows unshare/clone with CLONE_NEWUSER; Kubernetes:
# seccompProfile Unconfined, and a host with user namespaces enabled). No capability is needed for the boxes.
# Without that, the agent and the service log at start that the sandbox cannot start, and every such run fails
# saying so; API, URL, TCP, DNS, ICMP and heartbeat checks are unaffected. SANDBOX=off runs users' code without a
# box, only for installations where every user is trusted.
#
# The health check below is the agent's (port AGENT_HEALTH_PORT, default 8081): see the service's run line above.

# Build stage: production dependencies only. better-sqlite3 compiles from source when no prebuilt binary fits,
# which needs python3, make and g++; none of them reach the final image.
FROM node:20-bookworm-slim AS deps
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# The web console, built once here so that the service does not build it into a read-only image at its start
# (src/main/console-build.ts rebuilds only when console/src or package-lock.json differ from this build).
FROM deps AS console
COPY tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
COPY console ./console
RUN node --import tsx scripts/build-console.ts

# Run-time image: Node, Chromium (browser, multi-step and Playwright checks), ping (ICMP checks), the sources
# (run through tsx, a production dependency), the production node_modules, the built console and the templates of
# `picket init` (test/packaging/docker-image.test.ts checks this list against what the commands need).
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation iputils-ping bubblewrap curl ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 picket \
 && useradd --system --uid 10001 --gid picket --home-dir /home/picket --create-home --shell /usr/sbin/nologin picket \
 && mkdir -p /data && chown picket:picket /data
WORKDIR /app
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/bin/chromium \
    DATA_DIR=/data \
    AGENT_HEALTH_PORT=8081
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY templates ./templates
COPY --from=console /app/console ./console
USER picket
# The agent's /-/readiness, /-/liveness, /health and /metrics; the service listens on PORT (default 3000).
EXPOSE 8081
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.AGENT_HEALTH_PORT || '8081') + '/-/liveness').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/picket-agent.js"]
