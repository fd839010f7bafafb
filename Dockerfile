# syntax=docker/dockerfile:1.7
# The image of every Node process of Formloom — the gateway and each service — built from the repository root
# with the process named in SERVICE:
#   docker build --build-arg SERVICE=flows -t formloom/flows .
#   SERVICE: gateway | workspaces-auth | flows | workflows-engine | integrations   (skaffold.yaml builds all five)
# These are the gateway and the services of the manifest (contracts/src/services.ts): scripts/test/manifest.test.ts
# fails while this list, the SERVICE check below or skaffold.yaml misses one (docs/adding-a-service.md).
#
# Why one file, and why here: the five images are the same build (same stages, same base, same install) of a
# different npm workspace, and their build context is the repository root anyway (the lockfile, contracts, the
# kit), so the file sits at that root and `docker build .` finds it. The web app is another kind of image
# (static files behind nginx, no Node at run time) and keeps its own web/Dockerfile.
#
# SERVICE is the only input. WORKSPACE (`@formloom/<name>`) and PACKAGE_DIR (`gateway`, or `services/<name>`)
# are derived from it below; the first step of the `manifests` stage fails the build on a missing or unknown
# SERVICE (and on a WORKSPACE/PACKAGE_DIR passed by hand that does not match it), and every stage that builds
# the package waits for that step.
#
# Stages: manifests (every package.json and the lockfile, so the installs below stay cached until a dependency
# changes) → build (esbuild bundle of src/main.ts with our workspace packages inside, dist/main.js) → deps (this
# workspace's production dependencies only: npm ci --omit=dev -w) → runtime (non-root uid 1000,
# read-only-root friendly, no HEALTHCHECK: Kubernetes probes /healthz and /readyz).
# `MIGRATE_ONLY=true` makes a service's image apply its database migrations and exit (the chart's Job).
# The gateway serves the API only: the web app is the formloom/web image (web/Dockerfile), and the Ingress sends
# the API's path prefixes to the gateway and everything else to web (deploy/helm/formloom/README.md).
ARG NODE_IMAGE=node:20-bookworm-slim
ARG SERVICE
# Derived from SERVICE: do not pass them. `${SERVICE%gateway}` (Dockerfile 1.7 expansion) is empty for the
# gateway only: gateway → gateway/, any other name → services/<name>/.
ARG NOT_GATEWAY=${SERVICE%gateway}
ARG WORKSPACE=@formloom/${SERVICE}
ARG PACKAGE_DIR=${NOT_GATEWAY:+services/}${SERVICE}

FROM ${NODE_IMAGE} AS manifests
ARG SERVICE
ARG WORKSPACE
ARG PACKAGE_DIR
# The SERVICE check, before anything else (the context is not even copied yet).
RUN case "${SERVICE}" in \
      gateway) dir=gateway ;; \
      workspaces-auth|flows|workflows-engine|integrations) dir="services/${SERVICE}" ;; \
      *) echo "Unknown SERVICE '${SERVICE}'. Build one of the Node processes from the repository root:" \
              "docker build --build-arg SERVICE=<gateway|workspaces-auth|flows|workflows-engine|integrations> ." \
              "(the web app: docker build -f web/Dockerfile .)" >&2; \
         exit 1 ;; \
    esac \
 && if [ "${WORKSPACE}" != "@formloom/${SERVICE}" ] || [ "${PACKAGE_DIR}" != "${dir}" ]; then \
      echo "WORKSPACE and PACKAGE_DIR are derived from SERVICE=${SERVICE} (@formloom/${SERVICE}, ${dir});" \
           "got '${WORKSPACE}', '${PACKAGE_DIR}': pass SERVICE only." >&2; \
      exit 1; \
    fi
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print0 \
  | tar --null -cf - -T - | tar -xf - -C /manifests

FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
ARG PACKAGE_DIR
WORKDIR /app
COPY --from=manifests /manifests/ ./
# The root's dev dependencies (esbuild, tsx) and the workspace's, exactly as locked.
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund --include-workspace-root -w "${WORKSPACE}"
COPY tsconfig.base.json tsconfig.json ./
COPY contracts/ contracts/
COPY services/kit/ services/kit/
COPY scripts/src/build-service.ts scripts/src/
# The package's own folder comes from `manifests` (the same files as the context), so this copy can only
# happen once the SERVICE check has passed.
COPY --from=manifests /src/${PACKAGE_DIR}/ ${PACKAGE_DIR}/
RUN npm run build -w "${WORKSPACE}"

FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund --omit=dev -w "${WORKSPACE}"

FROM ${NODE_IMAGE} AS runtime
ARG PACKAGE_DIR
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
# No package manager at run time; /data is where a service's embedded PGlite lives when DATABASE_URL is unset
# (docker run without PostgreSQL; Kubernetes always sets DATABASE_URL). The gateway keeps no data and never
# reads DATA_DIR: for it /data stays an empty directory. (One runtime for both rather than a stage picked from
# SERVICE: skaffold reads FROM lines with plain ${VAR} substitution and cannot follow a computed stage name.)
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
      /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack /opt/yarn* /usr/local/bin/yarn* \
 && mkdir -p /data && chown 1000:1000 /data
WORKDIR /app
COPY --from=deps /app/ ./
COPY --from=build /app/${PACKAGE_DIR}/dist/ ${PACKAGE_DIR}/dist/
WORKDIR /app/${PACKAGE_DIR}
USER 1000:1000
EXPOSE 8080
CMD ["node", "--enable-source-maps", "dist/main.js"]
