// Long browser caching for the face models under /models (about 12 MB that change only with the
// @vladmandic/face-api version). Astro's static handler sends `max-age=0` for files outside
// /_astro/; this wrapper replaces it for successful /models/ answers only, so a missing file
// (404) is never cached.
export const MODEL_CACHE_CONTROL = 'public, max-age=604800';

/** Wraps a Node request handler (Astro's `handler`). */
export function withModelCaching(handler) {
  return (req, res, ...rest) => {
    if (req.url?.startsWith('/models/')) {
      const writeHead = res.writeHead;
      res.writeHead = function (status, ...args) {
        if (status === 200 || status === 304) this.setHeader('Cache-Control', MODEL_CACHE_CONTROL);
        return writeHead.call(this, status, ...args);
      };
    }
    return handler(req, res, ...rest);
  };
}
