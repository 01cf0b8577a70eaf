/** LIKE treats % and _ as wildcards (and \ as their escape): a search for "50%" means the characters. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
