import { z } from 'zod';
import { recordId } from '../../platform/wire';
import { healthView } from './release';

/**
 * Parents' proposals to change their child's health notes (issue 44): a parent proposes (210
 * gesundheitVorschlag), staff who may change the child's class accept or reject it (200
 * gesundheitVorschlagEntscheiden); accepting writes the proposed notes. A newer proposal of the same child
 * replaces an open one.
 */
export const healthProposalMessages = {
  unknown: 'Der Vorschlag existiert nicht.',
  decided: 'Über diesen Vorschlag wurde bereits entschieden.',
  decision: 'Bitte „annehmen“ (true) oder „ablehnen“ (false) angeben.',
  sent: 'Vorschlag gesendet. Der Hort prüft ihn.',
  accepted: 'Vorschlag übernommen.',
  rejected: 'Vorschlag abgelehnt.',
} as const;

export const healthProposalStates = ['offen', 'angenommen', 'abgelehnt', 'ersetzt'] as const;
export type HealthProposalState = (typeof healthProposalStates)[number];

/** What a parent reads about a proposal's state. */
export const healthProposalStateText: Readonly<Record<HealthProposalState, string>> = {
  offen: 'wartet auf Prüfung durch den Hort',
  angenommen: 'vom Hort übernommen',
  abgelehnt: 'vom Hort abgelehnt',
  ersetzt: 'durch einen neueren Vorschlag ersetzt',
};

/** 200 gesundheitVorschlagEntscheiden: accept (true) or reject (false) an open proposal. */
export const healthDecisionInput = z.object({
  id: recordId(),
  annehmen: z.boolean({ error: healthProposalMessages.decision }),
});
export type HealthDecisionInput = z.input<typeof healthDecisionInput>;

export const healthProposalView = healthView.extend({
  id: z.number(),
  id_kind: z.number(),
  status: z.enum(healthProposalStates),
  /** Who proposed it and when (German date and time). */
  von: z.string(),
  am: z.string(),
  /** Who decided and when ('' while open or replaced). */
  entschiedenVon: z.string(),
  entschiedenAm: z.string(),
});
export type HealthProposalView = z.infer<typeof healthProposalView>;

/** Most proposals of a child a parent's load lists (newest first). */
export const HEALTH_PROPOSALS_SHOWN = 10;
