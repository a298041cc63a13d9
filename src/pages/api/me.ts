import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/json.ts';
import { toSessionUserDto } from '../../server/services/sign-in/session-user.ts';

/** The signed-in user, in the login answer's shape. */
export const GET = endpoint(async (context) => json({ user: toSessionUserDto(requireUser(context)) }));
