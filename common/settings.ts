/**
 * The `wikiq` settings section as both sides read it: VS Code's configuration (`package.json`
 * contributes the keys) and, for other editors, `workspace/configuration`. One function turns it
 * into the environment the language core uses.
 */
import type { EnvironmentParams } from './protocol';

export interface EnvironmentConfig {
  endpoint?: string;
  variables?: Record<string, string>;
}

export interface WikiqSettings {
  /** `api.php` URL used when a file has no `@endpoint` and no environment is active. */
  endpoint?: string;
  /** Named environments. */
  environments?: Record<string, EnvironmentConfig>;
  /** The active environment's name (other editors; VS Code keeps it per workspace, chosen from the status bar). */
  environment?: string;
  /** Look titles, users, categories and files up on the wiki as values are typed (default true). */
  contentLookups?: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The environments of a settings section; anything not an object of objects reads as none. */
export function environmentsOf(settings: WikiqSettings | undefined): Record<string, EnvironmentConfig> {
  const envs = settings?.environments;
  if (!isRecord(envs)) return {};
  return Object.fromEntries(Object.entries(envs).filter(([, e]) => isRecord(e)));
}

/** The environment `active` names (if it exists), its endpoint falling back to the `endpoint` setting. */
export function environmentFromSettings(settings: WikiqSettings | undefined, active: string | undefined, trusted: boolean): EnvironmentParams {
  const envs = environmentsOf(settings);
  const name = active && Object.prototype.hasOwnProperty.call(envs, active) ? active : undefined;
  const env = name ? envs[name] : undefined;
  const fallback = typeof settings?.endpoint === 'string' && settings.endpoint ? settings.endpoint : undefined;
  const variables = isRecord(env?.variables) ? Object.fromEntries(Object.entries(env.variables).filter(([, v]) => typeof v === 'string')) as Record<string, string> : {};
  return {
    name,
    endpoint: typeof env?.endpoint === 'string' && env.endpoint ? env.endpoint : fallback,
    variables,
    trusted,
    ...(settings?.contentLookups === false ? { contentLookups: false } : {}),
  };
}
