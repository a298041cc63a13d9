/**
 * The WebAuthn relying party of a request (decision 091): the RP ID is the host name the browser
 * used and the expected origin the page's origin, both from the request's URL (never from the
 * body). `https` is true when the request is HTTPS itself or came through a trusted TLS proxy
 * (X-Forwarded-Proto); the port is the one of the Host header, as the browser sent it.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export const RP_NAME = 'Jornada';

export function relyingPartyOf(url: URL, https: boolean): RelyingParty {
  const rpID = url.hostname.replace(/^\[|\]$/g, '');
  const scheme = https ? 'https:' : url.protocol;
  return { rpID, origin: `${scheme}//${url.host}` };
}
