// Drives a running strata-server with the official client libraries, as users' programs do:
//   node sdk_clients.cjs BASE_URL MODEL NPM_DIR
// BASE_URL is http://127.0.0.1:PORT; NPM_DIR is tests/data/npm (which holds the pinned
// `openai` and `@anthropic-ai/sdk`). Greedy decoding (temperature 0), so the streamed text must
// equal the whole reply's. Prints one line per check; exits 1 on the first failure.
// SDK_ONLY=openai runs the OpenAI checks alone; SDK_KEEP_GOING=1 prints "FAIL: ..." and goes on;
// SDK_NO_KEEPALIVE=1 opens a connection per request (tools/dev/llama_server_peer.sh runs the same
// checks against llama.cpp's llama-server, which keeps a connection open after a stream: node-fetch 2
// inside openai 4.x then fails the next request on it with "Connection error" under Node 20, node-fetch
// issue 1767; strata-server closes the connection after a stream for that reason).
'use strict';
const path = require('node:path');

const [baseUrl, model, npmDir] = process.argv.slice(2);
if (!baseUrl || !model || !npmDir) {
    console.error('usage: node sdk_clients.cjs BASE_URL MODEL NPM_DIR');
    process.exit(2);
}
const OpenAI = require(path.join(npmDir, 'node_modules', 'openai'));
const Anthropic = require(path.join(npmDir, 'node_modules', '@anthropic-ai', 'sdk'));

const keepGoing = process.env.SDK_KEEP_GOING === '1';
const httpAgent = process.env.SDK_NO_KEEPALIVE === '1' ? new (require('node:http').Agent)({ keepAlive: false })
                                                       : undefined;
let failures = 0;

function check(condition, what) {
    if (!condition) {
        if (!keepGoing)
            throw new Error('failed: ' + what);
        console.log('FAIL: ' + what);
        ++failures;
        return;
    }
    console.log('ok: ' + what);
}

async function openaiChecks() {
    const client = new OpenAI({ baseURL: baseUrl + '/v1', apiKey: 'unused', maxRetries: 0, timeout: 120000, httpAgent });
    const models = await client.models.list();
    check(models.data.some((m) => m.id === model), 'openai: models.list names ' + model);

    const messages = [{ role: 'user', content: 'Say something.' }];
    const whole = await client.chat.completions.create({ model, messages, temperature: 0, max_tokens: 12 });
    const text = whole.choices[0].message.content;
    check(typeof text === 'string' && text.length > 0, 'openai: chat completion has content');
    check(whole.usage.completion_tokens > 0 && whole.usage.total_tokens ===
              whole.usage.prompt_tokens + whole.usage.completion_tokens, 'openai: usage adds up');

    const stream = await client.chat.completions.create({
        model, messages, temperature: 0, max_tokens: 12, stream: true, stream_options: { include_usage: true } });
    let streamed = '';
    let finish = null;
    let usage = null;
    for await (const chunk of stream) {
        if (chunk.choices.length > 0) {
            streamed += chunk.choices[0].delta.content ?? '';
            finish = chunk.choices[0].finish_reason ?? finish;
        }
        usage = chunk.usage ?? usage;
    }
    check(streamed === text, 'openai: the stream spells the same text as the whole reply');
    check(finish === whole.choices[0].finish_reason, 'openai: the stream ends with the same finish_reason');
    check(usage && usage.completion_tokens === whole.usage.completion_tokens, 'openai: the stream reports usage');

    const tools = [{ type: 'function', function: { name: 'get_time', description: 'The time now',
                                                  parameters: { type: 'object', properties: {} } } }];
    const withTools = await client.chat.completions.create({ model, messages, tools, temperature: 0, max_tokens: 4 });
    check(withTools.usage.prompt_tokens > whole.usage.prompt_tokens,
          'openai: tools reach the chat template (the prompt grows)');

    const completion = await client.completions.create({ model, prompt: 'Once upon', temperature: 0, max_tokens: 6 });
    check(typeof completion.choices[0].text === 'string', 'openai: text completion');

    try {
        await client.chat.completions.create({ model: 'no-such-model', messages });
        check(false, 'openai: an unknown model is refused');
    } catch (e) {
        check(e instanceof OpenAI.NotFoundError && e.status === 404, 'openai: an unknown model is a NotFoundError (404)');
    }
    try {
        await client.chat.completions.create({ model, messages, temperature: 'hot' });
        check(false, 'openai: a wrong type is refused');
    } catch (e) {
        check(e instanceof OpenAI.BadRequestError && e.param === 'temperature',
              'openai: a wrong type is a BadRequestError naming the field');
    }
}

async function anthropicChecks() {
    const client = new Anthropic({ baseURL: baseUrl, apiKey: 'unused', maxRetries: 0, timeout: 120000 });
    const request = { model, max_tokens: 12, temperature: 0, system: 'Be brief.',
                      messages: [{ role: 'user', content: 'Say something.' }] };
    const whole = await client.messages.create(request);
    check(whole.type === 'message' && whole.role === 'assistant', 'anthropic: a message comes back');
    const text = whole.content.map((b) => b.text).join('');
    check(whole.usage.input_tokens > 0 && whole.usage.output_tokens > 0, 'anthropic: usage');

    const seen = [];
    const stream = client.messages.stream(request);
    stream.on('streamEvent', (event) => seen.push(event.type));
    const final = await stream.finalMessage();
    check(final.content.map((b) => b.text).join('') === text, 'anthropic: the stream spells the same text');
    check(final.stop_reason === whole.stop_reason, 'anthropic: the same stop_reason');
    const order = ['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop',
                   'message_delta', 'message_stop'];
    const firsts = order.map((type) => seen.indexOf(type));
    check(firsts.every((i, k) => i >= 0 && (k === 0 || i > firsts[k - 1])),
          'anthropic: events in order ' + order.join(', '));

    // Tools, and a turn that called one and got its result, reach the chat template as the same
    // conversation does through OpenAI's route: the prompts are the same length.
    const tools = [{ name: 'get_time', description: 'The time now', input_schema: { type: 'object', properties: {} } }];
    const withTools = await client.messages.create({ ...request, tools, max_tokens: 2 });
    check(withTools.usage.input_tokens > whole.usage.input_tokens,
          'anthropic: tools reach the chat template (the prompt grows)');
    const toolsOff = await client.messages.create({ ...request, tools, tool_choice: { type: 'none' }, max_tokens: 2 });
    check(toolsOff.usage.input_tokens === whole.usage.input_tokens, 'anthropic: tool_choice none leaves them out');
    const result = 'It is noon in Oslo.';
    const called = await client.messages.create({ ...request, tools, max_tokens: 2, messages: [
        ...request.messages,
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_time', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: result }] }] });
    const openai = new OpenAI({ baseURL: baseUrl + '/v1', apiKey: 'unused', maxRetries: 0, timeout: 120000, httpAgent });
    const same = await openai.chat.completions.create({
        model, temperature: 0, max_tokens: 2,
        tools: [{ type: 'function', function: { name: 'get_time', description: 'The time now',
                                                parameters: { type: 'object', properties: {} } } }],
        messages: [
            { role: 'system', content: request.system }, ...request.messages,
            { role: 'assistant', content: null,
              tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'get_time', arguments: '{}' } }] },
            { role: 'tool', tool_call_id: 'toolu_1', content: result }] });
    check(called.usage.input_tokens > withTools.usage.input_tokens &&
              called.usage.input_tokens === same.usage.prompt_tokens,
          'anthropic: tool_use and tool_result blocks reach the template as OpenAI\'s tool_calls and tool messages');

    try {
        await client.messages.create({ ...request, model: 'no-such-model' });
        check(false, 'anthropic: an unknown model is refused');
    } catch (e) {
        check(e instanceof Anthropic.NotFoundError && e.status === 404, 'anthropic: an unknown model is a NotFoundError');
    }
}

(async () => {
    try {
        await openaiChecks();
        if (process.env.SDK_ONLY !== 'openai')
            await anthropicChecks();
        if (failures > 0) {
            console.log('sdk clients: ' + failures + ' checks failed');
            process.exit(1);
        }
        console.log('sdk clients: all checks passed');
    } catch (e) {
        console.error(e && e.stack ? e.stack : String(e));
        process.exit(1);
    }
})();
