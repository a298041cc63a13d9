import * as v from 'valibot';
import { WEBHOOK_EVENTS } from './webhook-events.ts';
import { WEBHOOK_FORMATS, type WebhookFormat } from './webhook-formats.ts';
import { webhookUrlProblem } from './webhook-url.ts';

/** Create and edit a webhook (decision 058); the server validates with these, the island shows the messages. */
export const WEBHOOK_DESCRIPTION_MAX = 120;

const Url = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = webhookUrlProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const Events = v.pipe(
  v.array(v.picklist(WEBHOOK_EVENTS, 'webhooks.eventsRequired'), 'webhooks.eventsRequired'),
  v.minLength(1, 'webhooks.eventsRequired'),
  v.transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e))),
);

/** What a delivery posts: the signed event, or a Slack or Teams chat message. */
const Format = v.picklist(WEBHOOK_FORMATS, 'validation.invalidInput');

const Description = v.pipe(v.string('validation.invalidInput'), v.trim(), v.maxLength(WEBHOOK_DESCRIPTION_MAX, 'validation.tooLong'));

export const CreateWebhookSchema = v.object(
  {
    url: Url,
    events: Events,
    description: v.optional(Description, ''),
    format: v.optional(Format, 'jornada'),
  },
  'validation.required',
);
/** `format` may be left out by callers other than the endpoint (the signed event). */
export type CreateWebhookInput = Omit<v.InferOutput<typeof CreateWebhookSchema>, 'format'> & { format?: WebhookFormat };

/** A partial change: fields left out keep their stored values (`{}` changes nothing). */
export const UpdateWebhookSchema = v.pipe(
  v.custom<unknown>((input) => !Array.isArray(input), 'validation.required'),
  v.object(
    {
      url: v.optional(Url),
      events: v.optional(Events),
      description: v.optional(Description),
      enabled: v.optional(v.boolean('validation.invalidInput')),
      format: v.optional(Format),
    },
    'validation.required',
  ),
);
export type UpdateWebhookInput = v.InferOutput<typeof UpdateWebhookSchema>;
