// JSON, CSV and Markdown for export and import; filled in by the CLI work.
