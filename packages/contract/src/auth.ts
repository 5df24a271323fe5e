import { z } from 'zod';
import type { User } from './users.js';

export const LOGIN_MESSAGES = {
  email: 'Please enter valid email id.',
  password: 'Please enter valid password.',
  failed: 'Invalid email or password.',
  throttled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
} as const;

export const AUTH_MESSAGES = {
  unauthenticated: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  signedIn: 'Signed in successfully.',
  signedOut: 'Signed out successfully.',
} as const;

/** Sign-in form and `POST /api/login`: `email` also accepts a username. */
export const loginSchema = z.strictObject({
  email: z.string({ error: LOGIN_MESSAGES.email }).trim().min(1, LOGIN_MESSAGES.email).max(254, LOGIN_MESSAGES.email),
  password: z
    .string({ error: LOGIN_MESSAGES.password })
    .min(1, LOGIN_MESSAGES.password)
    .max(1024, LOGIN_MESSAGES.password),
});

export type LoginInput = z.infer<typeof loginSchema>;

export type LoginResult = {
  token: string;
  user: User;
};

/** Keys of the browser session in localStorage (spec section 9). */
export const SESSION_KEYS = {
  token: 'token',
  role: 'role',
  user: 'user',
} as const;

export const AUTH_PATHS = {
  login: '/login',
  logout: '/logout',
  me: '/me',
  csrfCookie: '/sanctum/csrf-cookie',
} as const;

export const CSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const CSRF_HEADER_NAME = 'X-XSRF-TOKEN';
