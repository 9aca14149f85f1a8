/**
 * Server side of the direct signer's page: the request and the sender's name read through the
 * in-process API (`Astro.locals.api`) with the link's credentials, so the page arrives with the
 * document and its first page image already loading. Without the API (the site alone) the
 * island loads them itself.
 */
import { api, type RouteOf } from '@signet/shared/api/api';
import { authorizationHeader } from '@signet/shared/api/client';
import { type RouteOutput, routeUrl } from '@signet/shared/api/route';
import { directCredentials } from '@signet/shared/direct-sign/direct-sign.constants';

type TDirectRequest = RouteOutput<RouteOf<typeof api.getDirectSignatureRequest>>;

export type TDirectPageData =
  | { kind: 'ready'; request: TDirectRequest; sender: string | null }
  /** The link does not work (wrong, another's, or the request is no longer open). */
  | { kind: 'gone' }
  /** The link is genuine but its request has expired. */
  | { kind: 'expired' }
  /** Not read here: the island reads it. */
  | { kind: 'later' };

export async function readDirectPage(
  inProcess: ((request: Request) => Promise<Response>) | undefined,
  origin: string,
  requestId: string,
  userId: string,
): Promise<TDirectPageData> {
  if (!inProcess) return { kind: 'later' };
  const { username, password } = directCredentials(requestId, userId);
  const headers = { authorization: authorizationHeader({ type: 'basic', username, password }) };
  const get = (url: string) => inProcess(new Request(new URL(url, origin), { headers }));
  try {
    const res = await get(routeUrl(api.getDirectSignatureRequest, { params: { id: requestId } }));
    if (res.status === 404) return { kind: 'gone' };
    if (res.status === 410) return { kind: 'expired' };
    if (!res.ok) return { kind: 'later' };
    const request = (await res.json()) as TDirectRequest;
    let sender: string | null = null;
    if (request.business_id) {
      const info = await get(
        routeUrl(api.getDirectBusinessPublicInformation, { params: { id: request.business_id } }),
      );
      if (info.ok) sender = ((await info.json()) as { name: string }).name;
    }
    return { kind: 'ready', request, sender };
  } catch {
    return { kind: 'later' };
  }
}
