export declare function absolutise(href: string, base: string): string | undefined;
/** Converts a fragment of wiki help HTML to safe Markdown. `base` is the api.php URL. */
export declare function htmlToMarkdown(html: string, base: string): string;
