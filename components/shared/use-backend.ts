import { useContext } from 'preact/hooks';
import { BackendContext, type Backend } from './backend';

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('BackendContext missing');
  return backend;
}
