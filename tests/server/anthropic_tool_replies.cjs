// Reads strata-server's Anthropic replies with tool calls through the official client library,
// as users' agents do: the whole message and the event stream (content_block_start with a
// tool_use block, input_json_delta) that test_tool_calls wrote with AnthropicMessageFormat.
//   node anthropic_tool_replies.cjs WHOLE_JSON_FILE STREAM_FILE NPM_DIR
// The library fetches through a stand-in `fetch` that answers with those files, since the tiny
// model of the end-to-end tests never writes a tool call. Prints one line per check; exits 1 on
// the first failure.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const [wholeFile, streamFile, npmDir] = process.argv.slice(2);
if (!wholeFile || !streamFile || !npmDir) {
    console.error('usage: node anthropic_tool_replies.cjs WHOLE_JSON_FILE STREAM_FILE NPM_DIR');
    process.exit(2);
}
const Anthropic = require(path.join(npmDir, 'node_modules', '@anthropic-ai', 'sdk'));

function check(condition, what) {
    if (!condition)
        throw new Error('failed: ' + what);
    console.log('ok: ' + what);
}

// Node's own Response (Node 18+), with the body and content type a server would send.
function replyWith(file, type) {
    return async () => new Response(fs.readFileSync(file), { status: 200, headers: { 'content-type': type } });
}

const request = {
    model: 'm', max_tokens: 32,
    tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
    messages: [{ role: 'user', content: 'Weather in Oslo?' }],
};

function checkCall(message, how) {
    const uses = message.content.filter((b) => b.type === 'tool_use');
    check(message.stop_reason === 'tool_use', how + ': stop_reason is tool_use');
    check(uses.length === 1 && uses[0].name === 'get_weather' && uses[0].id.startsWith('toolu_'),
          how + ': one tool_use block named get_weather');
    check(JSON.stringify(uses[0].input) === JSON.stringify({ city: 'Oslo' }), how + ': its input is the object');
    const text = message.content.filter((b) => b.type === 'text').map((b) => b.text).join('');
    check(text === 'Let me look.', how + ': the text before the call is a text block');
}

(async () => {
    try {
        const whole = new Anthropic({ apiKey: 'unused', maxRetries: 0,
                                      fetch: replyWith(wholeFile, 'application/json') });
        checkCall(await whole.messages.create(request), 'whole');

        const streamed = new Anthropic({ apiKey: 'unused', maxRetries: 0,
                                         fetch: replyWith(streamFile, 'text/event-stream') });
        const stream = streamed.messages.stream(request);
        let json = '';
        stream.on('inputJson', (delta) => { json += delta; });
        checkCall(await stream.finalMessage(), 'stream');
        check(JSON.parse(json).city === 'Oslo', 'stream: input_json_delta spells the input');
        console.log('anthropic tool replies: all checks passed');
    } catch (e) {
        console.error(e && e.stack ? e.stack : String(e));
        process.exit(1);
    }
})();
