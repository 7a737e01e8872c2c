import Foundation
import Testing
@testable import Shoebox

/// No message shows a catalog password, in any form libpq accepts: the URI's user information,
/// its `password=` parameter, a `key=value` string, written as given or percent-encoded, and
/// libpq's own messages, which quote the text they could not parse.
@Suite struct ConnectionSecretsTests {
    @Test(arguments: [
        ("postgresql://u:SECRET@db/photos", "postgresql://u:***@db/photos"),
        ("postgresql://u:SECRET@[::1/db", "postgresql://u:***@[::1/db"),
        ("postgresql://u@db/photos?password=SECRET&sslmode=require", "postgresql://u@db/photos?password=***&sslmode=require"),
        ("postgresql://u@db/photos?pass%77ord=SECRET", "postgresql://u@db/photos?pass%77ord=***"),
        ("host=db password=SECRET dbname=photos", "host=db password=*** dbname=photos"),
        ("host=db password = 'SE CRET' dbname=photos", "host=db password = '***' dbname=photos"),
        ("postgresql://u@db/photos", "postgresql://u@db/photos"),
    ])
    func aLocationIsPrintedWithoutItsPassword(location: String, printed: String) {
        #expect(ConnectionSecrets(location).masking(location) == printed)
    }

    @Test func aPercentEncodedPasswordIsMaskedWrittenAndDecoded() {
        let secrets = ConnectionSecrets("postgresql://u:SE%43RET@db/photos")
        #expect(secrets.masking("in URI: \"postgresql://u:SE%43RET@db/photos\"") == "in URI: \"postgresql://u:***@db/photos\"")
        #expect(secrets.masking("password SECRET refused") == "password *** refused")
    }

    @Test(arguments: [
        "postgresql://u:SECRET@[::1/db",
        "postgresql://u:SECRET%zz@localhost/db",
        "postgresql://u@127.0.0.1:1/db?password=SECRET",
    ])
    func noCommandPrintsThePassword(catalog: String) throws {
        let folder = try TemporaryFolder()
        for command in [["list"], ["albums"], ["ingest", folder.path]] {
            let run = try ShoeboxBinary.run(command + ["--catalog", catalog, "--library", folder.url.appendingPathComponent("library").path],
                                            launcher: ["/usr/bin/timeout", "60"])
            #expect(run.status != 0 && run.status != 124, "\(command): \(run.errors)")
            #expect(!(run.output + run.errors).contains("SECRET"), "\(command): \(run.errors)")
            #expect(run.errors.contains("***"), "\(command): \(run.errors)")
        }
    }
}
