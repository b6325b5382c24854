import type { SerializedApiError } from '../lib/api/errors';
import { t } from './t';

/** The sentence a person sees for a failure; the service's own words when it gave some. */
export function errorText(error: SerializedApiError): string {
  switch (error.kind) {
    case 'agent-paused':
      return t('error.agentPaused');
    case 'agent-cancelled':
      return t('error.agentCancelled');
    case 'validation': {
      const detail = Object.values(error.fields ?? {}).join(' ');
      return t('error.validation', [detail || error.message]);
    }
    case 'rate-limited':
      return error.retryAfterSeconds !== undefined
        ? t('error.rateLimitedFor', [Math.ceil(error.retryAfterSeconds)])
        : t('error.rateLimited');
    case 'server':
      return t('error.server', [error.status ?? '5xx']);
    case 'service':
      return t('error.service', [error.message]);
    case 'invalid-response':
      return t('error.invalidResponse', [error.message]);
    case 'invalid-request':
      return t('error.invalidRequest', [error.message]);
    case 'permission':
      return t('error.permission', [error.message]);
    case 'unauthorized':
      return t('error.unauthorized');
    case 'not-found':
      return t('error.notFound');
    case 'network':
      return t('error.network');
    case 'timeout':
      return t('error.timeout');
    case 'not-configured':
      return t('error.notConfigured');
  }
}
