// User-management inputs (admin actions) and roles.
import { z } from 'zod';
import { emailSchema } from './auth';
import { idSchema } from './common';

export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];

export const userEmailSchema = z.object({ email: emailSchema });
export const userIdSchema = z.object({ id: idSchema });
