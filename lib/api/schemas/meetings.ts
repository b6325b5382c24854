// Booking history of an agent (spec 000, operation 22).
import * as z from 'zod/mini';
import { maskableSchema, openEnum, pageInfoSchema, pageSchema, perPage, unplacedShape, unreadShape } from './common';
import type { MeetingStatus, MeetingMode } from '../spec-values';

export const calendarEventsQuerySchema = z.object({
  page: z.optional(pageSchema),
  per_page: z.optional(perPage(50)),
});

const meetingSchema = z.object({
  ...unplacedShape,
  id: z.optional(z.string()),
  status: z.optional(openEnum<MeetingStatus>()),
  /** `visio` when the record does not say (older records are visio). */
  mode: openEnum<MeetingMode>(),
  /** A video link only when the agent's calendar is synchronised. */
  meetingUrl: z.nullable(z.string()),
  /** The number to call back, in phone mode. */
  phone: z.optional(z.string()),
  startsAt: z.optional(z.string()),
  endsAt: z.optional(z.string()),
  /** From the matching lead when identified (the booking form collects no name). */
  contactName: z.optional(z.string()),
  company: z.optional(z.string()),
  email: z.optional(maskableSchema),
  createdAt: z.optional(z.string()),
});
export type Meeting = z.infer<typeof meetingSchema>;

const meetingListSchema = z.object({ meetings: z.array(meetingSchema), skipped: z.number(), ...unreadShape, page: pageInfoSchema });
export type MeetingList = z.infer<typeof meetingListSchema>;
