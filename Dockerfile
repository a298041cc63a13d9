# Jornada as a container: the single binary (docs/single-binary.md) on a slim Debian.
#   docker build -t jornada .
#   docker run -d -p 4321:4321 -v jornada-data:/data \
#     -e JORNADA_ADMIN_EMAIL=you@example.com -e JORNADA_ADMIN_PASSWORD='…' jornada
# Builds for the machine's own architecture (amd64, or arm64 on a Raspberry Pi / with buildx).

FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:binary \
 && cp "dist/bin/jornada-linux-$(node -p process.arch)" /jornada

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
