import { pino } from 'pino';
import type { Settings } from './config.ts';

export type Logger = pino.Logger;

/**
 * The process's one logger (JSON lines on stdout): start-up and migrations write through it before the
 * HTTP server exists, and Fastify's request logs are its children, each line carrying the request's id.
 */
export function createLogger(settings: Pick<Settings, 'logLevel'>): Logger {
  return pino({ level: settings.logLevel });
}
