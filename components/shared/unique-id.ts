let ids = 0;

/** An id unique in the document, to link labels and descriptions (class components have no useId). */
export const uniqueId = (prefix: string) => `${prefix}${++ids}`;
