// Not used by the pages (each holds its own script): the file a "source" section links, as the APG examples do.
export {};
