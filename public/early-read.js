// The popup's one storage read, started while its modules still load (issue 24): a classic script
// in the page's head runs as soon as it is parsed, about 20 ms before the module bundle is ready,
// and the storage answer takes 4 to 14 ms. The popup's early-read module takes this promise; the
// keys are those of lib/storage.ts (a test checks them).
globalThis.__popupEarlyRead = (globalThis.browser ?? globalThis.chrome).storage.local.get(['readyActions', 'syncStatus', 'account', 'settings']);
