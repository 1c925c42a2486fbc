// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the tempest-gateway authors

/*
 * The least CPU a gateway can spend per datagram on this machine: a
 * single-threaded C program that does only what the issues ask of every
 * datagram, with the same libraries as tempest-gateway and nothing else:
 * no decoding, no derived values, no status, one thread, one poll.
 *
 * Modes, each a superset of the one before:
 *   receive  wake up for the datagram and read it;
 *   publish  also publish it to the broker at QoS 1 (libmosquitto, no loop
 *            thread: the publish writes to the socket from this thread) and
 *            read the broker's PUBACK when it comes;
 *   store    also insert it and its outbox entry into SQLite in one
 *            transaction (WAL, synchronous=NORMAL: survives a crash of the
 *            process, not a power cut), deleting the acknowledged entry in
 *            the next one, as the gateway does;
 *   durable  also make each commit survive a power cut at once
 *            (synchronous=FULL: SQLite syncs the log at every commit), which
 *            storage's promise of durability within one second needs when
 *            datagrams come 2-3 s apart.
 *
 * It is a measuring instrument for scripts/cpu-floor.py, not part of the
 * gateway. It talks to 127.0.0.1 only and stops after COUNT datagrams (or
 * when the driver sends SIGTERM).
 *
 * Usage: cpu-floor MODE UDP_PORT BROKER_PORT DATABASE COUNT
 * Prints "ready" once listening and connected, and "done" after COUNT
 * datagrams have been handled (and, when publishing, acknowledged).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <mosquitto.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

enum mode { RECEIVE, PUBLISH, STORE, DURABLE };

static volatile sig_atomic_t stopping = 0;
static long acknowledged = 0;
static int connected = 0;
static sqlite3 *database = NULL;
static sqlite3_stmt *insert_row, *insert_outbox, *delete_outbox;
static long pending_delete = -1;
static long last_outbox_id = -1;

static void on_signal(int signal_number) { (void)signal_number; stopping = 1; }

static _Noreturn void fail(const char *what, const char *detail) {
    fprintf(stderr, "cpu-floor: %s: %s\n", what, detail);
    exit(1);
}

static void on_connect(struct mosquitto *client, void *context, int code) {
    (void)client; (void)context;
    if (code != 0) fail("connect", mosquitto_connack_string(code));
    connected = 1;
}

static void on_publish(struct mosquitto *client, void *context, int message_id) {
    (void)client; (void)context;
    (void)message_id;  /* one message is in flight at a time at a station's pace */
    acknowledged += 1;
    pending_delete = last_outbox_id;  /* deleted in the next transaction */
}

static void execute(const char *sql) {
    char *message = NULL;
    if (sqlite3_exec(database, sql, NULL, NULL, &message) != SQLITE_OK) fail(sql, message);
}

static void prepare(const char *sql, sqlite3_stmt **statement) {
    if (sqlite3_prepare_v2(database, sql, -1, statement, NULL) != SQLITE_OK) fail(sql, sqlite3_errmsg(database));
}

static void step(sqlite3_stmt *statement) {
    if (sqlite3_step(statement) != SQLITE_DONE) fail("step", sqlite3_errmsg(database));
    sqlite3_reset(statement);
}

static void open_database(const char *path, enum mode mode) {
    if (sqlite3_open(path, &database) != SQLITE_OK) fail("open", path);
    execute("PRAGMA journal_mode = WAL");
    execute(mode == DURABLE ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    execute("CREATE TABLE IF NOT EXISTS datagrams (id INTEGER PRIMARY KEY, received REAL, body BLOB)");
    execute("CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY, topic TEXT, payload BLOB)");
    prepare("INSERT INTO datagrams (received, body) VALUES (julianday('now'), ?1)", &insert_row);
    prepare("INSERT INTO outbox (id, topic, payload) VALUES (?1, 'tempest/floor', ?2)", &insert_outbox);
    prepare("DELETE FROM outbox WHERE id = ?1", &delete_outbox);
}

static void store(const char *body, int length, long outbox_id) {
    execute("BEGIN IMMEDIATE");
    if (pending_delete >= 0) {
        sqlite3_bind_int64(delete_outbox, 1, pending_delete);
        step(delete_outbox);
        pending_delete = -1;
    }
    sqlite3_bind_blob(insert_row, 1, body, length, SQLITE_STATIC);
    step(insert_row);
    sqlite3_bind_int64(insert_outbox, 1, outbox_id);
    last_outbox_id = outbox_id;
    sqlite3_bind_blob(insert_outbox, 2, body, length, SQLITE_STATIC);
    step(insert_outbox);
    execute("COMMIT");
}

int main(int argc, char **argv) {
    if (argc != 6) fail("usage", "cpu-floor receive|publish|store|durable UDP_PORT BROKER_PORT DATABASE COUNT");
    enum mode mode;
    if (strcmp(argv[1], "receive") == 0) mode = RECEIVE;
    else if (strcmp(argv[1], "publish") == 0) mode = PUBLISH;
    else if (strcmp(argv[1], "store") == 0) mode = STORE;
    else if (strcmp(argv[1], "durable") == 0) mode = DURABLE;
    else fail("mode", argv[1]);
    int udp_port = atoi(argv[2]), broker_port = atoi(argv[3]);
    long count = atol(argv[5]);
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);

    int udp = socket(AF_INET, SOCK_DGRAM, 0);
    struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)udp_port) };
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (udp < 0 || bind(udp, (struct sockaddr *)&address, sizeof address) != 0) fail("bind", strerror(errno));

    struct mosquitto *client = NULL;
    if (mode >= PUBLISH) {
        mosquitto_lib_init();
        client = mosquitto_new("cpu-floor", true, NULL);
        if (client == NULL) fail("mosquitto_new", strerror(errno));
        mosquitto_connect_callback_set(client, on_connect);
        mosquitto_publish_callback_set(client, on_publish);
        if (mosquitto_connect(client, "127.0.0.1", broker_port, 60) != MOSQ_ERR_SUCCESS) fail("connect", "refused");
        for (int attempt = 0; attempt < 100 && !connected; attempt++) mosquitto_loop(client, 100, 1);
        if (!connected) fail("connect", "no CONNACK within 10 s");
    }
    if (mode >= STORE) open_database(argv[4], mode);
    printf("ready\n");
    fflush(stdout);

    char body[2048];
    long received = 0;
    while (!stopping && (received < count || (client != NULL && acknowledged < received))) {
        struct pollfd watched[2] = { { .fd = udp, .events = POLLIN }, { .fd = -1 } };
        if (client != NULL) {
            watched[1].fd = mosquitto_socket(client);
            watched[1].events = POLLIN | (mosquitto_want_write(client) ? POLLOUT : 0);
        }
        /* The keepalive is 60 s; waking at half of it is the only idle wake-up. */
        int ready = poll(watched, 2, 30000);
        if (ready < 0 && errno != EINTR) fail("poll", strerror(errno));
        if (client != NULL) {
            if (watched[1].revents & POLLIN) mosquitto_loop_read(client, 1);
            if (watched[1].revents & POLLOUT) mosquitto_loop_write(client, 1);
            mosquitto_loop_misc(client);
        }
        if (watched[0].revents & POLLIN) {
            ssize_t length = recv(udp, body, sizeof body, 0);
            if (length < 0) continue;
            received += 1;
            /* As the gateway does: stored (with its outbox entry) first, then sent. */
            if (database != NULL) store(body, (int)length, received);
            if (client != NULL && mosquitto_publish(client, NULL, "tempest/floor", (int)length, body, 1, false) != MOSQ_ERR_SUCCESS)
                fail("publish", "failed");
        }
    }
    printf("done %ld received %ld acknowledged\n", received, acknowledged);
    fflush(stdout);
    if (database != NULL) {
        sqlite3_finalize(insert_row);
        sqlite3_finalize(insert_outbox);
        sqlite3_finalize(delete_outbox);
        sqlite3_close(database);
    }
    if (client != NULL) {
        mosquitto_disconnect(client);
        mosquitto_destroy(client);
        mosquitto_lib_cleanup();
    }
    return 0;
}
