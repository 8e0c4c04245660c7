export function testLogDir(): string;
export function checkTestLogs(dir?: string): { files: number; lines?: number; secrets?: number; findings: string[] };
