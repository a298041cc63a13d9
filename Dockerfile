# Jornada as a container: the single binary (docs/single-binary.md) on a slim Debian.
#   docker build -t jornada .
#   docker run -d -p 4321:4321 -v jornada-data:/data \
#     -e JORNADA_ADMIN_EMAIL=you@example.com -e JORNADA_ADMIN_PASSWORD='…' jornada
# For a Raspberry Pi, build the arm64 image on a PC (the app cannot be built on arm64, decision 038):
#   docker buildx build --platform linux/arm64 -t jornada:arm64 .
# The build stage always runs on the builder's own platform and cross-builds the binary for the
# image's (`--target`); the final stage's RUN lines need the builder's arm64 emulation (binfmt).

FROM --platform=$BUILDPLATFORM node:24-bookworm-slim AS build
# amd64 or arm64, set by BuildKit (docker build's builder); when empty, this machine's.
ARG TARGETARCH
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN case "${TARGETARCH:-}" in \
      amd64) target=linux-x64 ;; \
      arm64) target=linux-arm64 ;; \
      '') target="linux-$(node -p process.arch)" ;; \
      *) echo "no Jornada binary for $TARGETARCH (amd64 or arm64)" >&2; exit 1 ;; \
    esac \
 && npm run build:binary -- --target "$target" \
 && cp "dist/bin/jornada-$target" /jornada

FROM debian:bookworm-slim
# glibc and libstdc++ (Node and the native addons need them) are in the base image already.
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /home/jornada jornada \
 && mkdir /data && chown jornada:jornada /data
COPY --from=build --chmod=755 /jornada /usr/local/bin/jornada
USER jornada
ENV DATA_DIR=/data \
    JORNADA_CACHE_DIR=/home/jornada/.cache/jornada \
    HOST=0.0.0.0 \
    PORT=4321
# Unpack the native addons into the image once, so containers start without writing them.
RUN DATA_DIR=/tmp/unused jornada --help > /dev/null
VOLUME /data
EXPOSE 4321
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["jornada", "healthcheck"]
ENTRYPOINT ["jornada"]
