/** happy-dom must never fetch what a saved page links to (stylesheets, scripts, frames). */
export const HAPPY_DOM_OFFLINE = {
  happyDOM: {
    settings: {
      disableCSSFileLoading: true,
      disableJavaScriptFileLoading: true,
      disableJavaScriptEvaluation: true,
      disableIframePageLoading: true,
      handleDisabledFileLoadingAsSuccess: true,
    },
  },
};
