/**
 * Admin contract of the fulfilment list: members' redemptions of the rewards catalogue as operators
 * handle them. `GET /api/admin/redemptions?status=&fulfilment=&page=&pageSize=` lists them newest first (no codes);
 * `PATCH /api/admin/redemptions/{id} {status}` moves one on (`ready`, `shipped`, `fulfilled`) or cancels it
 * (`cancelled`: the points go back with a ledger row of their own); `GET /api/admin/redemptions.csv` exports them, a
 * `code` reward's code included.
 */
import { z } from 'zod';
import { envelope, TimestampSchema } from '../common';
import { RedemptionStatusSchema, RewardFulfilmentSchema } from '../reward';
import { listEnvelope } from './common';

/** `GET /api/admin/redemptions` (and `.csv`) query. */
export const AdminRedemptionQuerySchema = z.object({
  status: RedemptionStatusSchema.optional(),
  fulfilment: RewardFulfilmentSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminRedemptionQuery = z.infer<typeof AdminRedemptionQuerySchema>;

export const AdminRedemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardTitle: z.string(),
  fulfilment: RewardFulfilmentSchema,
  userId: z.string(),
  /** Null once the member deleted their account. */
  email: z.string().nullable(),
  username: z.string().nullable(),
  cost: z.number().int().positive(),
  status: RedemptionStatusSchema,
  shippingAddress: z.string().nullable(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type AdminRedemption = z.infer<typeof AdminRedemptionSchema>;
export const AdminRedemptionResponseSchema = envelope(AdminRedemptionSchema);
export const AdminRedemptionListResponseSchema = listEnvelope(AdminRedemptionSchema);

/** `PATCH /api/admin/redemptions/{id}` body. */
export const AdminRedemptionUpdateSchema = z.object({ status: RedemptionStatusSchema.exclude(['pending']) }).strict();
export type AdminRedemptionUpdate = z.infer<typeof AdminRedemptionUpdateSchema>;
