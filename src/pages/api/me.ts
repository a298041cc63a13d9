import { answer } from '../../server/http/answer.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { toSessionUserDto } from '../../server/services/sign-in/session-user.ts';

/** The signed-in user, in the login answer's shape. */
export const GET = endpoint(async (context) => answer('GET /api/me', { user: toSessionUserDto(requireUser(context)) }));
