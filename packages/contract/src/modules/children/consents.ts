import { z } from 'zod';
import { optionalIsoDayField } from '../../platform/fields';
import { ruledString } from '../../platform/schema';
import { tooLongMessage } from '../../platform/validation';
import { recordId } from '../../platform/wire';

/** Consents (Einwilligungen, issue 44): purpose-bound requests to the parents of chosen classes. */
export const consentMessages = {
  chooseClass: 'Bitte mindestens eine Klasse wählen.',
  unknownRequest: 'Die Anfrage existiert nicht.',
  deadlinePassed: 'Die Frist dieser Anfrage ist abgelaufen. Eine erteilte Einwilligung können Sie widerrufen.',
  deadlineAfterValidity: 'Die Frist darf nicht nach „gültig bis“ liegen.',
  reminded: (count: number) => `${count} Eltern erinnert.`,
  reminderTitle: 'Einwilligung erbeten',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

/** 200 einwilligungAnfrage: title, purpose, text, the classes whose parents are asked, optional deadline and validity. */
export const consentRequestInput = z
  .object({
    titel: limited(200, 'required', 'nameMore'),
    zweck: limited(500, 'required', 'text'),
    text: limited(10_000, 'required', 'text'),
    klassen: z.array(recordId()).min(1, consentMessages.chooseClass).max(200),
    frist: optionalIsoDayField().default(''),
    gueltigBis: optionalIsoDayField().default(''),
  })
  .refine((value) => value.frist === '' || value.gueltigBis === '' || value.frist <= value.gueltigBis, {
    path: ['frist'],
    message: consentMessages.deadlineAfterValidity,
  });
export type ConsentRequestInput = z.input<typeof consentRequestInput>;
export type ConsentRequestData = z.output<typeof consentRequestInput>;

/** 210 einwilligung: a parent's yes or no for one child (no later = revoked). */
export const consentInput = z.object({
  id_anfrage: recordId(),
  id_kind: recordId(),
  zustimmung: z.boolean({ error: 'Bitte „ja“ oder „nein“ angeben.' }),
});
export type ConsentInput = z.input<typeof consentInput>;
export type ConsentData = z.output<typeof consentInput>;

export const consentAnswerView = z.object({
  id_kind: z.number(),
  name: z.string(),
  /** null: not answered yet. */
  zustimmung: z.boolean().nullable(),
  /** When (German date and time; '' when not answered). */
  am: z.string(),
});

export const consentRequestView = z.object({
  id: z.number(),
  titel: z.string(),
  zweck: z.string(),
  text: z.string(),
  klassen: z.array(z.number()),
  frist: z.string(),
  gueltigBis: z.string(),
  erstellt: z.string(),
  /** The children the caller may see (200) or the caller's own (210), with their answers. */
  antworten: z.array(consentAnswerView),
});
export type ConsentRequestView = z.infer<typeof consentRequestView>;

/** A consent is in force when given and its validity has not ended on `day`. */
export function consentInForce(
  request: Pick<ConsentRequestView, 'gueltigBis'>,
  answer: Pick<z.infer<typeof consentAnswerView>, 'zustimmung'>,
  day: string,
): boolean {
  return answer.zustimmung === true && (request.gueltigBis === '' || day <= request.gueltigBis);
}

/** Whether a parent may still answer: yes until the deadline; a no (revoking) always. */
export function mayAnswer(frist: string, zustimmung: boolean, day: string): boolean {
  return !zustimmung || frist === '' || day <= frist;
}
